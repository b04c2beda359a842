/** SPEC 2: what a lazy page shows while its code loads. */
export function LoadingPage() {
  return (
    <div className="loading-page" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading page...
    </div>
  );
}
