// A static page (prerendered at build time): what Forecourt is. `npm run bench:pages` also measures
// it as the static baseline a vehicle page is compared with.
export const metadata = { title: "About" };

export default function About() {
  return (
    <main>
      <h1>About Forecourt</h1>
      <p>
        Forecourt is a white-label website platform for motor dealers in Australia and New Zealand. One deployment serves
        many dealer sites: each is a document of settings, feature flags and pages made of typed blocks, edited without code.
      </p>
      <ul>
        <li>Car shoppers search stock, open vehicle pages, compare finance and send enquiries.</li>
        <li>Onboarding staff create a new dealer site from a template.</li>
        <li>Dealers switch their own features on and off.</li>
        <li>Developers add block types, one folder each.</li>
      </ul>
      <p>
        <a href="/">All sites</a>
      </p>
    </main>
  );
}
