/** Login required. The page body comes from features/contact. */
export default function ContactUsRoute() {
  return (
    <section className="page">
      <title>Contact us · Careers Portal</title>
      <h1>Contact us</h1>
    </section>
  );
}
