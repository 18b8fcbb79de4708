import notoSansArabic from '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf?url';
import notoSansDevanagari from '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf?url';
import notoSansHebrew from '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf?url';
import notoSansJp from '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf?url';
import notoSansKr from '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf?url';
import notoSansSc from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';
import notoSansThai from '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf?url';

/**
 * The page's own text in every script the product writes (a Japanese title on a card, 日本語 in a language
 * select): the caption fonts the site already serves, as faces the browser falls back to only for the
 * characters their `unicode-range` covers, and fetches only when such a character is on the page. The
 * system's fonts come first (a device with its own CJK font uses it); these stand in where it has none,
 * so nothing is drawn as boxes. Each file is the bold cut the captions use, for every weight.
 */
const faces: { family: string; url: string; range: string }[] = [
  { family: 'Reelsmith Arabic', url: notoSansArabic, range: 'U+0600-06FF, U+0750-077F, U+08A0-08FF, U+FB50-FDFF, U+FE70-FEFF' },
  { family: 'Reelsmith Hebrew', url: notoSansHebrew, range: 'U+0590-05FF, U+FB1D-FB4F' },
  { family: 'Reelsmith Devanagari', url: notoSansDevanagari, range: 'U+0900-097F, U+A8E0-A8FF' },
  { family: 'Reelsmith Thai', url: notoSansThai, range: 'U+0E00-0E7F' },
  { family: 'Reelsmith Korean', url: notoSansKr, range: 'U+1100-11FF, U+3130-318F, U+AC00-D7AF' },
  // Kana, CJK punctuation and full-width forms; Han from the Simplified Chinese cut (its shapes serve the page's
  // Japanese well enough; the captions use the Japanese cut). Ranges do not overlap: Chromium drew boxes when
  // two faces of the stack claimed the same characters.
  { family: 'Reelsmith Japanese', url: notoSansJp, range: 'U+3000-30FF, U+31F0-31FF, U+FF00-FFEF' },
  { family: 'Reelsmith Chinese', url: notoSansSc, range: 'U+3400-4DBF, U+4E00-9FFF' },
];

/** The families to name in the page's font stack, after the system's own. */
export const scriptFontFamilies = faces.map((face) => `"${face.family}"`).join(', ');

/** The faces as the page's stylesheet declares them (nothing is fetched until a character needs one). */
export function scriptFontFaceCss(): string {
  return faces
    .map(
      (face) =>
        `@font-face { font-family: "${face.family}"; src: url("${face.url}") format("truetype"); unicode-range: ${face.range}; font-weight: 100 900; font-display: swap; }`,
    )
    .join('\n');
}

/** Adds the faces to the document's styles, once. */
export function registerScriptFonts(): void {
  if (typeof document === 'undefined' || document.getElementById('script-fonts')) return;
  const style = document.createElement('style');
  style.id = 'script-fonts';
  style.textContent = scriptFontFaceCss();
  document.head.append(style);
}
