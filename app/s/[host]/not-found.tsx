export default function NotFound() {
  return (
    <main id="main" className="fc-narrow fc-section">
      <h1>Page not found</h1>
      <p>Sorry, there is no page at this address.</p>
      <p>
        <a className="fc-button" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
