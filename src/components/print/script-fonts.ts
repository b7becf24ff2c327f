/**
 * Noto faces for every script of the 38 course languages, from npm (@fontsource), bundled and
 * served by the app itself: nothing is fetched from elsewhere, and a browser downloads only the
 * unicode-range subsets a page uses. Imported by the pages a server-side browser prints or
 * photographs (course print view, certificate card), so they render the same on any host,
 * whatever fonts the system has.
 */
import "@fontsource/noto-sans/400.css";
import "@fontsource/noto-sans/700.css";
import "@fontsource/noto-sans-arabic/400.css";
import "@fontsource/noto-sans-arabic/700.css";
import "@fontsource/noto-sans-hebrew/400.css";
import "@fontsource/noto-sans-hebrew/700.css";
import "@fontsource/noto-sans-devanagari/400.css";
import "@fontsource/noto-sans-devanagari/700.css";
import "@fontsource/noto-sans-bengali/400.css";
import "@fontsource/noto-sans-bengali/700.css";
import "@fontsource/noto-sans-thai/400.css";
import "@fontsource/noto-sans-thai/700.css";
// CJK: one weight each (≈120 subsets per face); bold is synthesized.
import "@fontsource/noto-sans-sc/400.css";
import "@fontsource/noto-sans-jp/400.css";
import "@fontsource/noto-sans-kr/400.css";

/** The family stack: Latin, Cyrillic, Greek and Vietnamese first, then each script's face. */
export const SCRIPT_FONT_STACK =
  "'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari', 'Noto Sans Bengali', 'Noto Sans Thai', 'Noto Sans SC', 'Noto Sans JP', 'Noto Sans KR', sans-serif";
