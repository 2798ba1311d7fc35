import { within } from '@testing-library/dom';
import { JSDOM } from 'jsdom';

/**
 * A page's answer read as a browser without scripts reads it, with Testing Library's queries by
 * role, name and text: a request-level test asks what a journey asks, without a browser.
 */
export async function readPage(response: Response) {
  // At its own address: a document of no origin throws when a failed assertion prints an element.
  const { document } = new JSDOM(await response.text(), { url: response.url || 'http://localhost/' }).window;
  return Object.assign(within(document.body), { document });
}

export type ReadPage = Awaited<ReturnType<typeof readPage>>;
