/** Login required. The page body comes from features/profile. */
export default function ProfileRoute() {
  return (
    <section className="page">
      <title>Profile · Careers Portal</title>
      <h1>Profile</h1>
    </section>
  );
}
