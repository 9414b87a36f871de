/** Login required. The page body comes from features/account. */
export default function UserAccountRoute() {
  return (
    <section className="page">
      <title>Candidate Account · Careers Portal</title>
      <h1>Candidate Account</h1>
    </section>
  );
}
