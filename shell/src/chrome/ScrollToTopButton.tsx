import { SCROLL_TO_TOP_THRESHOLD_PX, useScrolledPast } from './sticky-header';

/** "Back to top" after 200 px of scrolling (§9); focus goes to the page's start with the view. */
export function ScrollToTopButton() {
  const visible = useScrolledPast(SCROLL_TO_TOP_THRESHOLD_PX);
  return (
    <button
      type="button"
      className={`shell-scroll-top${visible ? ' is-visible' : ''}`}
      aria-label="Back to top"
      hidden={!visible}
      onClick={() => {
        const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
        document.querySelector<HTMLElement>('.shell-logo')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true" className="shell-chevron shell-scroll-top__icon" />
    </button>
  );
}
