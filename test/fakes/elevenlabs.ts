import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { runTool } from '../../functions/adapters/ffmpeg/run';
import { readJsonBody } from '../../bin/local/read-json-body';

/**
 * A wire-level fake of ElevenLabs text to speech with timestamps
 * (`POST /v1/text-to-speech/{voice_id}/with-timestamps`), Instant Voice Cloning (multipart
 * `POST /v1/voices/add` → `voice_id`) and voice deletion (`DELETE /v1/voices/{id}`; an unknown id is
 * 404), for the real `@elevenlabs/elevenlabs-js` SDK
 * pointed at it with `baseUrl`. It answers what the service answers: `audio_base64` (a real MP3, a
 * tone as long as the text takes to say, made by ffmpeg), `alignment` and `normalized_alignment`
 * (one entry per character, `secondsPerCharacter` each). Each call takes the next queued behaviour;
 * it records every request it received.
 */
export type FakeSpeechBehaviour = { kind: 'speech' } | { kind: 'status'; status: number; detail?: string } | { kind: 'malformed' };

export interface FakeElevenLabsRequest {
  voiceId: string;
  apiKey: string | undefined;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** One Instant Voice Cloning call (multipart POST /v1/voices/add) as the fake received it. */
export interface FakeCloneRequest {
  apiKey: string | undefined;
  name: string;
  files: { filename: string; contentType: string; bytes: number }[];
  /** The voice id the fake answered (absent when it answered a failure). */
  voiceId?: string;
}

export interface FakeElevenLabs {
  baseUrl: string;
  requests: FakeElevenLabsRequest[];
  /** Instant Voice Cloning calls, in order. */
  clones: FakeCloneRequest[];
  /** Voice ids deleted through DELETE /v1/voices/{id}. */
  deleted: string[];
  /** The cloned voices the fake still has. */
  voices: Set<string>;
  queue(...behaviours: FakeSpeechBehaviour[]): void;
  /** Behaviours of the next cloning calls (`speech` means: clone). */
  queueClone(...behaviours: FakeSpeechBehaviour[]): void;
  close(): Promise<void>;
}

export const secondsPerCharacter = 0.06;

/** A real MP3 (44.1 kHz mono) of a tone lasting `seconds`. */
export async function toneMp3(seconds: number): Promise<Buffer> {
  const { stdout } = await runTool(
    ffmpegPath(),
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=220:sample_rate=44100:duration=${seconds.toFixed(3)}`,
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      '-f',
      'mp3',
      'pipe:1',
    ],
    { timeoutMs: 20_000, maxOutputBytes: 20 * 1024 * 1024 },
  );
  return stdout;
}

function alignmentOf(text: string) {
  const characters = [...text];
  return {
    characters,
    character_start_times_seconds: characters.map((_, i) => Math.round(i * secondsPerCharacter * 1000) / 1000),
    character_end_times_seconds: characters.map((_, i) => Math.round((i + 1) * secondsPerCharacter * 1000) / 1000),
  };
}

export async function startFakeElevenLabs(): Promise<FakeElevenLabs> {
  const queued: FakeSpeechBehaviour[] = [];
  const cloneQueue: FakeSpeechBehaviour[] = [];
  const requests: FakeElevenLabsRequest[] = [];
  const clones: FakeCloneRequest[] = [];
  const deleted: string[] = [];
  const voices = new Set<string>();
  let nextVoice = 0;
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const apiKeyHeader = typeof req.headers['xi-api-key'] === 'string' ? req.headers['xi-api-key'] : undefined;
      // Instant Voice Cloning: multipart `name`, `files` (one part per sample), optional description and labels.
      if (req.method === 'POST' && url.pathname === '/v1/voices/add') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
        const files = form.getAll('files').filter((value) => typeof value !== 'string') as (Blob & { name?: string })[];
        const record: FakeCloneRequest = {
          apiKey: apiKeyHeader,
          name: String(form.get('name') ?? ''),
          files: files.map((file) => ({ filename: file.name ?? '', contentType: file.type, bytes: file.size })),
        };
        clones.push(record);
        const behaviour = cloneQueue.shift() ?? { kind: 'speech' };
        if (behaviour.kind === 'status') return send(behaviour.status, { detail: { status: 'fake_failure', message: behaviour.detail ?? 'fake failure' } });
        if (behaviour.kind === 'malformed') return send(200, { voice_id: 42 });
        if (!record.name || files.length === 0) return send(422, { detail: [{ loc: ['body', 'files'], msg: 'field required', type: 'value_error.missing' }] });
        nextVoice += 1;
        record.voiceId = `clonedVoice${String(nextVoice).padStart(4, '0')}`;
        voices.add(record.voiceId);
        return send(200, { voice_id: record.voiceId, requires_verification: false });
      }
      const voiceMatch = /^\/v1\/voices\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && voiceMatch?.[1]) {
        const id = decodeURIComponent(voiceMatch[1]);
        if (!voices.delete(id)) return send(404, { detail: { status: 'voice_not_found', message: 'A voice with this id does not exist.' } });
        deleted.push(id);
        return send(200, { status: 'ok' });
      }
      const match = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/.exec(url.pathname);
      if (req.method !== 'POST' || !match?.[1]) return send(404, { detail: { status: 'not_found', message: 'not found' } });
      const body = await readJsonBody(req);
      const apiKey = typeof req.headers['xi-api-key'] === 'string' ? req.headers['xi-api-key'] : undefined;
      requests.push({ voiceId: decodeURIComponent(match[1]), apiKey, query: url.searchParams, body });
      const behaviour = queued.shift() ?? { kind: 'speech' };
      if (behaviour.kind === 'status') {
        return send(behaviour.status, { detail: { status: 'fake_failure', message: behaviour.detail ?? 'fake failure' } });
      }
      if (behaviour.kind === 'malformed') return send(200, { audio_base64: 42, alignment: 'half' });
      const text = typeof body.text === 'string' ? body.text : '';
      if (!text) return send(422, { detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }] });
      const audio = await toneMp3([...text].length * secondsPerCharacter);
      const alignment = alignmentOf(text);
      return send(200, { audio_base64: audio.toString('base64'), alignment, normalized_alignment: alignment });
    })().catch((error: unknown) => send(500, { detail: { status: 'fake_error', message: error instanceof Error ? error.message : String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    clones,
    deleted,
    voices,
    queue: (...behaviours) => queued.push(...behaviours),
    queueClone: (...behaviours) => cloneQueue.push(...behaviours),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
