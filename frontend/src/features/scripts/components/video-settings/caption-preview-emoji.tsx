import type { CaptionEmojiPlacement } from '@contract/rules/caption-emoji';
import { captionFrame } from '@contract/rules/caption-layout';

import { emojiImageUrl } from '../../lib/caption-emoji-images';

/** A caption emoji over the preview frame: the render's image at the render's place (`captionEmojiPlacements`), as shares of the 1080x1920 frame. */
export function CaptionPreviewEmoji({ placement }: { placement: CaptionEmojiPlacement }) {
  return (
    <img
      data-testid="caption-preview-emoji"
      data-emoji={placement.emoji}
      src={emojiImageUrl(placement.file)}
      alt=""
      style={{
        position: 'absolute',
        left: `${(100 * placement.left) / captionFrame.width}%`,
        top: `${(100 * placement.top) / captionFrame.height}%`,
        width: `${(100 * placement.size) / captionFrame.width}%`,
        pointerEvents: 'none',
      }}
    />
  );
}
