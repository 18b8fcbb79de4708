import { z } from 'zod';
import type { MediaPage } from '../../contract/media';
import type { PublicVoice } from '../../contract/voices';
import type { VideoTemplate } from '../../contract/workflows';
import { defineTool } from './tool';

const mediaItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.string(),
  fileType: z.string(),
  duration: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  tags: z.array(z.string()),
  folderId: z.string().nullable(),
  createdAt: z.string(),
});

export const listMedia = defineTool({
  name: 'list_media',
  title: 'List the media library',
  description:
    "Lists the creator's uploaded clips, images and audio, newest first, with their tags (create_video matches a sentence to a clip by its tags and title). " +
    'Filter with `search` (title or tag) or `folderId`; page with `page`. Read-only: uploading stays in the app.',
  input: z.object({
    search: z.string().trim().max(100).optional().describe('Words in a title or tag.'),
    folderId: z.string().trim().max(64).optional().describe("A folder id, or 'root' for files in no folder."),
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(100).default(30),
  }),
  output: z.object({ items: z.array(mediaItemSchema), page: z.number(), totalPages: z.number(), totalCount: z.number() }),
  readOnly: true,
  async run(args, { api }) {
    const listed = await api.get<MediaPage>('/api/media', args);
    const items = listed.items.map((asset) => ({
      id: asset.id,
      title: asset.title,
      kind: asset.metadata.kind,
      fileType: asset.fileType,
      duration: asset.duration,
      width: asset.width,
      height: asset.height,
      tags: asset.tags,
      folderId: asset.folderId,
      createdAt: asset.createdAt,
    }));
    return {
      structured: { items, page: listed.page, totalPages: listed.totalPages, totalCount: listed.totalCount },
      text: `${listed.totalCount} file(s); page ${listed.page} of ${Math.max(listed.totalPages, 1)}: ${items.map((i) => `"${i.title}" (${i.kind})`).join(', ') || 'none'}`,
    };
  },
});

const voiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  gender: z.string().nullable(),
  description: z.string().nullable(),
  languages: z.array(z.string()),
  isDefault: z.boolean(),
  cloned: z.boolean(),
});

export const listVoices = defineTool({
  name: 'list_voices',
  title: 'List voices',
  description:
    "Lists the voices a voice-over can be spoken in (presets and the creator's cloned voices), with the languages each speaks and which is the default. " +
    "Pass a voice's `id` as `voiceId` to create_script or create_video.",
  input: z.object({}),
  output: z.object({ voices: z.array(voiceSchema) }),
  readOnly: true,
  async run(_args, { api }) {
    const voices = (await api.get<PublicVoice[]>('/api/voices')).map((voice) => ({
      id: voice.id,
      name: voice.name,
      gender: voice.gender,
      description: voice.description,
      languages: voice.languages,
      isDefault: voice.isDefault === true,
      cloned: voice.clone !== undefined,
    }));
    return { structured: { voices }, text: voices.map((v) => `${v.name} (${v.id}${v.isDefault ? ', default' : ''})`).join(', ') || 'No voices.' };
  },
});

const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  topic: z.string(),
  subjectCategory: z.string(),
  duration: z.string(),
  voiceId: z.string().nullable(),
  language: z.string(),
  isActive: z.boolean(),
});

export const listTemplates = defineTool({
  name: 'list_templates',
  title: 'List video templates',
  description:
    "Lists the creator's video templates (Workflows): each a topic, duration, voice and language the creator reuses. " +
    'Use one as the brief for generate_scripts (its topic and duration) and its voiceId for create_script.',
  input: z.object({}),
  output: z.object({ templates: z.array(templateSchema) }),
  readOnly: true,
  async run(_args, { api }) {
    const templates = (await api.get<VideoTemplate[]>('/api/templates')).map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      topic: t.topic,
      subjectCategory: t.subjectCategory,
      duration: t.duration,
      voiceId: t.voiceId,
      language: t.language,
      isActive: t.isActive,
    }));
    return { structured: { templates }, text: templates.map((t) => `"${t.name}" (${t.id})`).join(', ') || 'No templates.' };
  },
});
