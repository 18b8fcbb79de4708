/**
 * The ASS subtitle file burned into the video: built in the contract (`contract/rules/ass-document.ts`)
 * so the browser's exact preview renders the same file with libass in WebAssembly.
 */
export {
  assColor,
  assTime,
  buildAss,
  captionFontNames,
  escapeAssText,
  groupLines,
  videoHeight,
  videoWidth,
  type AssCaptionSettings,
  type AssOptions,
  type CaptionLine,
} from '../../contract/rules/ass-document';
