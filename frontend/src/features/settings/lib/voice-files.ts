import { checkVoiceSampleFile, voiceCloneMessages, voiceSampleRules } from '@contract/rules/voice-samples';

/** The clone form's file rules, the same table the server checks against. */
export interface PickedFiles {
  accepted: File[];
  /** One line per refused file: its name and why. */
  refused: string[];
}

/** Adds newly picked files to those already chosen: audio/* up to 10 MB each, at most the bound in all. */
export function pickFiles(current: readonly File[], picked: readonly File[]): PickedFiles {
  const accepted = [...current];
  const refused: string[] = [];
  for (const file of picked) {
    const problem = checkVoiceSampleFile(file);
    if (problem) refused.push(`${file.name}: ${problem}`);
    else if (accepted.length >= voiceSampleRules.maxFiles) refused.push(`${file.name}: ${voiceCloneMessages.tooManyFiles}`);
    else if (!accepted.some((f) => f.name === file.name && f.size === file.size)) accepted.push(file);
  }
  return { accepted, refused };
}

/** What the Clone button refuses before sending, in the product's (docs/product.md#voice-cloning) words; null when the form may be sent. */
export function formProblem(form: { name: string; files: readonly File[]; consent: boolean }): string | null {
  if (!form.name.trim()) return voiceCloneMessages.nameRequired;
  if (form.files.length === 0) return voiceCloneMessages.noFiles;
  if (!form.consent) return voiceCloneMessages.consentRequired;
  return null;
}

export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}
