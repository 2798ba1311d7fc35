import { useEffect } from 'react';

/** Sticky header height plus breathing room: a section counts as in view below this line. */
const OFFSET_PX = 45 + 20;

/**
 * Highlights the warehouse link whose section is in view (spec 2 §2). Scripts only: without them
 * the links are plain anchors.
 */
export function useScrollSpy(navSelector: string, sectionIds: string[]) {
  // The ids as one value: a new array of the same ids (each render makes one) is no change.
  const idList = sectionIds.join(',');
  useEffect(() => {
    const ids = idList.split(',');
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>(`${navSelector} a[data-section]`));
    if (!links.length) return;
    const update = () => {
      let current = ids[0];
      for (const id of ids) {
        const section = document.getElementById(`warehouse-${id}`);
        if (section && section.getBoundingClientRect().top - OFFSET_PX <= 0) current = id;
      }
      for (const link of links) {
        if (link.dataset.section === current) link.setAttribute('aria-current', 'true');
        else link.removeAttribute('aria-current');
      }
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [navSelector, idList]);
}
