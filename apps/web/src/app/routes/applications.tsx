/** Login required. The page body comes from features/applications. */
export default function ApplicationsRoute() {
  return (
    <section className="page">
      <title>Job Applications · Careers Portal</title>
      <h1>Job Applications</h1>
    </section>
  );
}
