/** Login required. The page body comes from features/cv-drops. */
export default function CvDropsRoute() {
  return (
    <section className="page">
      <title>CV Drops · Careers Portal</title>
      <h1>CV Drops</h1>
    </section>
  );
}
