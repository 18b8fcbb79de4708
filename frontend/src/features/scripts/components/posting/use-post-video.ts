import { useEffect, useMemo, useRef, useState } from 'react';

import { showToast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/failure-text';
import { combineLocal } from '@/lib/local-time';
import type { EarlierPost, PublishCheckTarget } from '@contract/publishing';
import { alreadyPostedText, postingBounds, postingUiMessages as words } from '@contract/rules/posting';
import { platformNames, publishingPlatforms, type PublishingPlatform } from '@contract/rules/publishing';
import type { Script } from '@contract/scripts';

import { checkPublish, publishVideo, usePostingAccounts, useAllPublications } from '../../api/publishing';
import {
  checksById,
  dayText,
  formProblem,
  initialPrivacy,
  lastPrivacyOf,
  problemPlatform,
  requestFromForm,
  whenText,
  type PostingForm,
} from '../../lib/posting';

export type PostingWhen = 'now' | 'schedule';

/** What the dialog's view and its sections read: the hook's whole result. */
export type PostVideo = ReturnType<typeof usePostVideo>;

/**
 * The Schedule Video dialog's state: the accounts and what the pre-flight says of each (checked once
 * when the dialog opens, with every connected account and the defaults, and again with the choices on
 * Post), the form, when to post, and the submit that checks, then posts or schedules.
 */
export function usePostVideo(script: Script, { onClose, onPosted }: { onClose: () => void; onPosted: () => unknown }) {
  const { data: accounts, isLoading, error: accountsError } = usePostingAccounts(true);
  // The creator's posts so far: YouTube's privacy starts at their last choice.
  // Read fresh on every opening (SWR hands a cached list first; the fresh one fills what is still unchosen).
  const { data: history } = useAllPublications(true);
  // Per account, this same file's earlier post (published or on its way): not pre-selected, said, and asked again before posting.
  const [earlier, setEarlier] = useState<Map<string, EarlierPost>>(new Map());
  const [confirmRepost, setConfirmRepost] = useState(false);
  const [checks, setChecks] = useState<Map<string, PublishCheckTarget>>(new Map());
  const [blocked, setBlocked] = useState<Map<string, string[]>>(new Map());
  const [refused, setRefused] = useState<Map<string, string[]>>(new Map());
  const [checkedOnce, setCheckedOnce] = useState(false);
  const [form, setFormState] = useState<PostingForm>(() => ({
    selected: [],
    caption: script.postCaption ?? '',
    platformText: {},
    youtubeTitle: script.title.slice(0, postingBounds.titleMax),
    privacy: {},
    madeForKids: false,
    containsSyntheticMedia: true,
  }));
  const setForm = (update: (current: PostingForm) => PostingForm) => {
    setFormState(update);
    setFormError(undefined);
  };
  const [when, setWhen] = useState<PostingWhen>('now');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [stage, setStage] = useState<'checking' | 'posting' | null>(null);
  const [formError, setFormError] = useState<string>();
  const [now] = useState(() => new Date());
  const [tab, setTab] = useState<PublishingPlatform | null>(null);

  const connected = useMemo(() => (accounts ?? []).filter((account) => account.status === 'connected').slice(0, postingBounds.targetsMax), [accounts]);
  const hasVideo = Boolean(script.videoUrl);

  // The first check, with every connected account and the defaults: each one's privacy options and what would refuse it.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !accounts || !hasVideo) return;
    started.current = true;
    if (connected.length === 0) {
      setCheckedOnce(true);
      return;
    }
    checkPublish(script.id, { targets: connected.map((account) => ({ accountId: account.id })) })
      .then(({ targets }) => {
        const byId = checksById(targets);
        setChecks(byId);
        setBlocked(new Map(targets.filter((target) => !target.ok).map((target) => [target.accountId, target.problems])));
        setEarlier(new Map(targets.flatMap((target) => (target.alreadyPosted ? [[target.accountId, target.alreadyPosted] as const] : []))));
        const lastChoice = lastPrivacyOf(history ?? []);
        setFormState((current) => ({
          ...current,
          selected: connected.filter((account) => byId.get(account.id)?.ok !== false && !byId.get(account.id)?.alreadyPosted).map((account) => account.id),
          privacy: Object.fromEntries(
            targets.map((target) => [
              target.accountId,
              initialPrivacy(target.platform, target.privacyOptions, lastChoice({ id: target.accountId, platform: target.platform })),
            ]),
          ),
        }));
      })
      .catch((failure: unknown) => {
        setFormError(failureText(failure, words.checkFailed));
        setFormState((current) => ({ ...current, selected: connected.map((account) => account.id) }));
      })
      .finally(() => setCheckedOnce(true));
  }, [accounts, connected, hasVideo, script.id, history]);

  // YouTube's privacy starts at the creator's last choice once their posts are read (a choice made here stays).
  useEffect(() => {
    if (!history || checks.size === 0) return;
    const lastChoice = lastPrivacyOf(history);
    setFormState((current) => {
      const filled = { ...current.privacy };
      for (const target of checks.values()) {
        if (filled[target.accountId]) continue;
        const value = initialPrivacy(target.platform, target.privacyOptions, lastChoice({ id: target.accountId, platform: target.platform }));
        if (value) filled[target.accountId] = value;
      }
      return { ...current, privacy: filled };
    });
  }, [history, checks]);

  const chosen = (accounts ?? []).filter((account) => form.selected.includes(account.id));
  const platforms = publishingPlatforms.filter((platform) => chosen.some((account) => account.platform === platform));
  const activeTab = tab && platforms.includes(tab) ? tab : platforms[0];
  const at = when === 'schedule' ? combineLocal(date, time) : undefined;
  const past = at !== undefined && at.getTime() <= Date.now();
  const problemAccounts = (accounts ?? []).filter((account) => account.status !== 'connected' || blocked.has(account.id) || refused.has(account.id));

  const toggle = (id: string) => {
    setRefused((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
    setForm((current) => ({ ...current, selected: current.selected.includes(id) ? current.selected.filter((one) => one !== id) : [...current.selected, id] }));
  };

  /** `Already posted to maya.films on Dec 7`, per account this same file went to. */
  const earlierText = (accountId: string): string | undefined => {
    const post = earlier.get(accountId);
    const account = (accounts ?? []).find((one) => one.id === accountId);
    if (!post || !account) return undefined;
    return alreadyPostedText(post.status, account.displayName, dayText(post.at));
  };
  const repostAccounts = chosen.filter((account) => earlier.has(account.id));

  async function submit(allowRepost = false) {
    const list = accounts ?? [];
    const problem = formProblem(form, list);
    if (problem) {
      setFormError(problem);
      const platform = problemPlatform(form, list);
      if (platform) setTab(platform);
      return;
    }
    // The same file to the same account again: only once the creator confirms it.
    if (!allowRepost && repostAccounts.length > 0) {
      setConfirmRepost(true);
      return;
    }
    setConfirmRepost(false);
    if (when === 'schedule' && (!at || past)) {
      setFormError(at ? words.pastTime : 'Please select both date and time for scheduling');
      return;
    }
    const request = requestFromForm(form, list, at, allowRepost);
    setStage('checking');
    try {
      const { targets } = await checkPublish(script.id, request);
      const refusedNow = targets.filter((target) => !target.ok);
      if (refusedNow.length > 0) {
        setRefused(new Map(refusedNow.map((target) => [target.accountId, target.problems])));
        setFormError(words.fixProblems);
        return;
      }
      setStage('posting');
      const { publications } = await publishVideo(script.id, request);
      if (at) showToast({ type: 'success', title: words.scheduledToast(whenText(at)), description: words.postedToastText });
      else showToast({ type: 'success', title: words.postedToast(publications.length), description: words.postedToastText });
      void onPosted();
      onClose();
    } catch (failure) {
      // Posted from elsewhere meanwhile: the server names the earlier post; the creator is asked as above.
      if (failure instanceof ApiError && failure.status === 409 && (failure.body as { code?: unknown } | null)?.code === 'ALREADY_POSTED') {
        const found = ((failure.body as { details?: { earlier?: (EarlierPost & { accountId: string })[] } }).details?.earlier ?? []).filter(
          (post) => typeof post.accountId === 'string',
        );
        setEarlier((current) => new Map([...current, ...found.map((post) => [post.accountId, post] as const)]));
        setConfirmRepost(true);
        return;
      }
      const message = failureText(failure, words.checkFailed);
      setFormError(message);
      showToast({ type: 'error', title: words.postFailedToast, description: message });
    } finally {
      setStage(null);
    }
  }

  const busy = stage !== null;
  const ready = hasVideo && checkedOnce && connected.length > 0;
  const noAccounts = !isLoading && !accountsError && (accounts ?? []).length === 0;

  return {
    accounts,
    isLoading,
    checks,
    blocked,
    refused,
    checkedOnce,
    form,
    setForm,
    when,
    setWhen,
    date,
    setDate,
    time,
    setTime,
    stage,
    formError,
    setFormError,
    now,
    setTab,
    connected,
    hasVideo,
    chosen,
    platforms,
    activeTab,
    at,
    past,
    problemAccounts,
    toggle,
    submit,
    earlierText,
    earlierPost: (accountId: string) => earlier.get(accountId),
    repostAccounts,
    confirmRepost,
    setConfirmRepost,
    repostLines: repostAccounts.map((account) => earlierText(account.id) ?? `${account.displayName} on ${platformNames[account.platform]}`),
    busy,
    ready,
    noAccounts,
  };
}
