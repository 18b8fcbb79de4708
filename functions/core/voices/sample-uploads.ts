import { voiceCloneMessages, voiceSampleRules } from '../../contract/rules/voice-samples';
import type { CloneFromUploads, VoiceSampleUploadRequest, VoiceSampleUploadTicket } from '../../contract/voices';
import { FileTooLargeError, ValidationError } from '../errors';
import { objectKeys } from '../files/bucket-layout';
import { uploadTicket } from '../files/upload-ticket';
import { newId } from '../ids';
import { ObjectTooLargeError, type ObjectStore } from '../ports/object-store';
import { checkCloneForm, checkSampleSize, checkSampleType, type CloneRequest, type CloneUpload } from './voice-clones';

/** How long the presigned POST of a sample is valid. */
const sampleUploadSeconds = 15 * 60;

const sampleKey = objectKeys.voiceSampleUpload;

export const sampleUploadMissing = 'A voice sample was not uploaded, or its upload has expired; choose the file again';

/**
 * Voice samples sent to storage before the clone (the cloud's synchronous request carries about 6 MB;
 * ten samples of 10 MB do not fit): a presigned POST per sample, bounded to 10 MB by its policy, then the
 * clone reads them back from the user's own prefix and removes them, whatever the clone's outcome.
 */
export class VoiceSampleUploads {
  constructor(
    private readonly deps: {
      storage: Pick<ObjectStore, 'presignPost' | 'get' | 'delete'>;
      clock?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.clock ?? Date.now)();
  }

  /** The same checks the form makes before a byte is sent (415, 413, 422), then a POST for exactly this file. */
  async begin(userId: string, request: VoiceSampleUploadRequest): Promise<VoiceSampleUploadTicket> {
    checkSampleType(request);
    checkSampleSize(request.fileName, request.size);
    const uploadId = newId();
    return uploadTicket(this.deps.storage, {
      uploadId,
      key: sampleKey(userId, uploadId),
      contentType: request.contentType,
      maxBytes: request.size,
      expiresSeconds: sampleUploadSeconds,
      now: this.now(),
    });
  }

  /**
   * The clone request the uploaded samples make, read back from the user's own prefix. The form's own
   * checks (name, files, consent) run first, as with the multipart form, so a bad form reads nothing.
   */
  async collect(userId: string, form: CloneFromUploads): Promise<CloneRequest> {
    checkCloneForm({ name: form.name, consent: form.consent, files: form.uploads });
    const files: CloneUpload[] = [];
    for (const upload of form.uploads) {
      let bytes: Uint8Array | undefined;
      try {
        bytes = await this.deps.storage.get(sampleKey(userId, upload.uploadId), voiceSampleRules.maxFileBytes);
      } catch (error) {
        if (error instanceof ObjectTooLargeError) throw new FileTooLargeError(voiceCloneMessages.tooBig, { file: upload.fileName });
        throw error;
      }
      if (!bytes) throw new ValidationError(sampleUploadMissing, { file: upload.fileName });
      files.push({ fileName: upload.fileName, contentType: upload.contentType, bytes });
    }
    return { name: form.name, consent: form.consent, files };
  }

  /** The uploaded samples go once the clone is made or refused (the clone keeps its own copies). */
  async discard(userId: string, form: CloneFromUploads): Promise<void> {
    await this.deps.storage.delete(form.uploads.map((upload) => sampleKey(userId, upload.uploadId)));
  }
}
