/** Carousel arrows: which way the track can still scroll (a pixel of slack for fractional widths). */
export function carouselEdges(el: { scrollLeft: number; clientWidth: number; scrollWidth: number }) {
  return { canPrev: el.scrollLeft > 1, canNext: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
}

/** How far one arrow press scrolls: one card and its gap, at least a fifth of the view. */
export function carouselStep(clientWidth: number, cardWidth: number, gap: number): number {
  return Math.max(cardWidth + gap, Math.round(clientWidth / 5));
}
