import { describe, expect, it } from 'vitest';
import {
  AUDIO_ACCEPT,
  isAudioFile,
  isMediaFile,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MB,
  MEDIA_ACCEPT,
  messages,
} from '../../frontend/src/features/media/lib/file-rules';

/** The upload dialogs' checks before any byte is sent, read from the contract's table of file types. */
describe('the upload dialogs', () => {
  const file = (name: string, type = '') => new File([new Uint8Array(4)], name, { type });

  it('offer MP4, MOV and MP3 in the media dialog and every audio type in the audio dialog, up to 50 MB', () => {
    expect(MEDIA_ACCEPT).toBe('.mp4,.mov,.mp3,video/mp4,video/quicktime,audio/mpeg');
    expect(AUDIO_ACCEPT).toBe('.mp3,.wav,.aac,.m4a,.flac');
    expect(MAX_UPLOAD_MB).toBe(50);
    expect(MAX_UPLOAD_BYTES).toBe(50 * 1024 * 1024);
  });

  it('take a media file by its type, or by its extension when the browser gives none', () => {
    expect(isMediaFile(file('clip.bin', 'video/quicktime'))).toBe(true);
    expect(isMediaFile(file('CLIP.MOV'))).toBe(true);
    expect(isMediaFile(file('song.wav'))).toBe(false);
    expect(isMediaFile(file('photo.png', 'image/png'))).toBe(false);
    expect(isAudioFile(file('loop.FLAC'))).toBe(true);
    expect(isAudioFile(file('clip.mp4'))).toBe(false);
  });

  it('name the supported types when they skip a file', () => {
    expect(messages.unsupported('photo.png')).toBe('photo.png is not a supported file type and will be skipped. Supported types: MP4, MOV, MP3');
    expect(messages.tooLarge('big.mp4')).toBe('big.mp4 exceeds the 50MB limit and will be skipped');
  });
});
