// SAMPLE PHOTO: replace ./images/founder-portrait.webp with your own (square, 640 px, a few KiB).
//
// The about page's largest paint, carried inside the page itself as a data: URL so it paints with
// the text around it instead of one request later. Imported only by the about page's story, so
// the bytes ride in that page's HTML (and in its lazily loaded part), never in the other pages'
// first load. Keep the file small: every byte of it is in the about page's first response
// (e2e/performance.spec.ts holds each page's HTML to 13 KiB brotli, the first round trip).
import portrait from './images/founder-portrait.webp?inline';

export const portraitInline: string = portrait;
