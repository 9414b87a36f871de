import type { HeldCvCopy } from '@careers/contracts/candidate';
import { FileName } from '../../../components/file-name';
import { formatDate } from '../../../lib/format';

/** "{business} keeps a copy under a legal hold until {date}": the business's own words about its hold, dated. */
export function heldCopyLine(copy: Pick<HeldCvCopy, 'businessName' | 'legalHoldUntil'>): string {
  const until = copy.legalHoldUntil ? formatDate(copy.legalHoldUntil) : 'the hold ends';
  return `${copy.businessName} keeps a copy under a legal hold until ${until}`;
}

/**
 * CVs the candidate deleted that a business keeps under its legal hold (docs/decisions/0494): gone from their
 * list, still with that business until the hold ends, then deleted. Nothing to show when there are none.
 */
export function CvHeldCopies({ copies }: { copies: HeldCvCopy[] | undefined }) {
  if (!copies || copies.length === 0) return null;
  return (
    <section className="cvs-page__held" aria-labelledby="cvs-held-title">
      <h2 id="cvs-held-title">Deleted CVs kept under a legal hold</h2>
      <p>These CVs are no longer yours to use. Each is deleted when the business&apos;s hold ends.</p>
      <ul>
        {copies.map((copy) => (
          <li key={`${copy.cvId}:${copy.businessId}`}>
            <FileName name={copy.fileName} />: <span>{heldCopyLine(copy)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
