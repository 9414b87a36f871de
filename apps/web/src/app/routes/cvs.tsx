/** Login required. The page body comes from features/cvs. */
export default function CvsRoute() {
  return (
    <section className="page">
      <title>CVs · Careers Portal</title>
      <h1>CVs</h1>
    </section>
  );
}
