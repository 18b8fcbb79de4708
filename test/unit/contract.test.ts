import { describe, expect, expectTypeOf, it } from 'vitest';
import { captionSettingsSchema, defaultCaptionSettings } from '../../functions/contract/caption-settings';
import { idParams } from '../../functions/contract/ids';
import type { MediaPage, PublicAsset, PublicFolder, StorageUsage } from '../../functions/contract/media';
import type { PublishedMessage } from '../../functions/contract/realtime';
import type { Stats } from '../../functions/contract/stats';
import type { PublicUser } from '../../functions/contract/users';
import { generateVideoSchema } from '../../functions/contract/video';
import type { PublicVoice } from '../../functions/contract/voices';
import type { MediaLibrary } from '../../functions/core/media/library';
import type { toPublicAsset, toPublicFolder } from '../../functions/core/media/media';
import type { Publisher } from '../../functions/core/ports/realtime';
import type { StatsService } from '../../functions/core/stats/stats-service';
import type { toPublicUser } from '../../functions/core/users/user';
import type { toPublicVoice } from '../../functions/core/voices/voice';

/** functions/contract: what the browser and the server share (part 2). */

describe('a record id in a path', () => {
  const id = (value: string) => idParams.safeParse({ id: value });

  it('names the same record in any case and with stray spaces: ULIDs are upper case', () => {
    expect(id('01j9zqv3k4m5n6p7q8r9s0t1v2').data).toEqual({ id: '01J9ZQV3K4M5N6P7Q8R9S0T1V2' });
    expect(id(' 01J9ZQV3K4M5N6P7Q8R9S0T1V2 ').data).toEqual({ id: '01J9ZQV3K4M5N6P7Q8R9S0T1V2' });
  });

  it('lets a malformed id through to the lookup, which finds nothing (a 404, as for any id not the caller’s own)', () => {
    expect(id('not-an-id').success).toBe(true);
  });

  it('refuses more than 100 characters (400)', () => {
    expect(id('x'.repeat(100)).success).toBe(true);
    expect(id('x'.repeat(101)).success).toBe(false);
  });
});

describe('caption settings of generate-video', () => {
  const captionsOf = (captionSettings: unknown) => generateVideoSchema.safeParse({ captionSettings });

  it('leave the one strict schema complete: the fields sent, the dialog’s defaults for the rest', () => {
    expect(captionsOf({ font_size: 72, style: 'karaoke' }).data?.captionSettings).toEqual({ ...defaultCaptionSettings, font_size: 72, style: 'karaoke' });
    expect(captionsOf('{"position":"top_left"}').data?.captionSettings).toEqual({ ...defaultCaptionSettings, position: 'top_left' });
    // What the service used to make of them with a second parse.
    expect(captionsOf({ bold: false }).data?.captionSettings).toEqual(captionSettingsSchema.parse({ bold: false }));
  });

  it('are refused once, at the edge, when a field is unknown or out of range', () => {
    expect(captionsOf({ font_size: 140 }).success).toBe(false);
    expect(captionsOf({ colour: '#FFFFFF' }).success).toBe(false);
  });

  it('may be left out or null: the script’s saved settings are used', () => {
    expect(captionsOf(undefined).data?.captionSettings).toBeUndefined();
    expect(captionsOf(null).data?.captionSettings).toBeNull();
  });
});

describe('the answers the server makes are the contract’s types (checked by tsc)', () => {
  it('assets, folders, pages of media and storage', () => {
    expectTypeOf<ReturnType<typeof toPublicAsset>>().toEqualTypeOf<PublicAsset>();
    expectTypeOf<ReturnType<typeof toPublicFolder>>().toEqualTypeOf<PublicFolder>();
    expectTypeOf<Awaited<ReturnType<MediaLibrary['list']>>>().toEqualTypeOf<MediaPage>();
    expectTypeOf<Awaited<ReturnType<MediaLibrary['storage']>>>().toEqualTypeOf<StorageUsage>();
  });

  it('users, voices, stats and the messages published to a user', () => {
    expectTypeOf<ReturnType<typeof toPublicUser>>().toEqualTypeOf<PublicUser>();
    expectTypeOf<ReturnType<typeof toPublicVoice>>().toEqualTypeOf<PublicVoice>();
    expectTypeOf<Awaited<ReturnType<StatsService['forUser']>>>().toEqualTypeOf<Stats>();
    expectTypeOf<Parameters<Publisher['publish']>[1]>().toEqualTypeOf<PublishedMessage>();
  });
});
