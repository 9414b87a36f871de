/** On the employer's lists: how many requirements of the job's questions the answers do not meet (0400). */
export function UnmetRequirements({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="employer-unmet">
      Does not meet {count} {count === 1 ? 'requirement' : 'requirements'}
    </span>
  );
}
