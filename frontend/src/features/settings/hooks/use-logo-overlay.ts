import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';

import { showToast } from '@/components/ui/toaster';
import { useUser } from '@/lib/auth';
import { defaultLogoSettings, logoFileProblem, logoMessages, logoOpacity, roundOpacity } from '@contract/rules/logo';
import type { LogoSettings, LogoState } from '@contract/users';

import { refusalText, removeLogo, updateLogoSettings, uploadLogo, useApplyLogoState } from '../api/logo';

/** The product's (docs/product.md#logo) opacity save delay. */
const OPACITY_SAVE_MS = 500;

/**
 * The logo overlay's data and calls: upload (checked here with the
 * product's (docs/product.md#logo) messages, then on the server), replace and remove, and the settings saved as they change, the
 * opacity 500 ms after the slider stops. Each change shows at once and is undone if the server refuses it.
 */
export function useLogoOverlay() {
  const { data: user } = useUser();
  const applyState = useApplyLogoState();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [dragging, setDragging] = useState(false);

  const logoUrl = user?.logoUrl ?? null;
  const saved: LogoSettings = user?.logoSettings ?? { ...defaultLogoSettings };
  // The slider moves at once; the save follows 500 ms after it stops.
  const [opacity, setOpacity] = useState(saved.opacity);
  const opacityTimer = useRef<number | undefined>(undefined);
  const pendingOpacity = useRef<number | undefined>(undefined);
  // Only the latest request's answer is written back, so an older answer never undoes a newer choice.
  const latest = useRef(0);

  useEffect(() => {
    if (pendingOpacity.current === undefined) setOpacity(saved.opacity);
  }, [saved.opacity]);

  const save = useCallback(
    async (patch: Partial<LogoSettings>) => {
      if (!user) return;
      const request = ++latest.current;
      const before: LogoState = { logoUrl: user.logoUrl, logoSettings: user.logoSettings };
      void applyState({ logoUrl: user.logoUrl, logoSettings: { ...user.logoSettings, ...patch } });
      try {
        const answer = await updateLogoSettings(patch);
        if (request === latest.current) void applyState(answer);
      } catch (error) {
        showToast({ type: 'error', title: logoMessages.updateFailed, description: refusalText(error) });
        if (request === latest.current) {
          void applyState(before);
          setOpacity(before.logoSettings.opacity);
        }
      }
    },
    [user, applyState],
  );

  const flushOpacity = useCallback(() => {
    window.clearTimeout(opacityTimer.current);
    const value = pendingOpacity.current;
    pendingOpacity.current = undefined;
    if (value !== undefined) void save({ opacity: value });
  }, [save]);

  // A change still waiting when the page is left is saved then.
  const flushRef = useRef(flushOpacity);
  flushRef.current = flushOpacity;
  useEffect(() => () => flushRef.current(), []);

  function changeOpacity(value: number) {
    const rounded = Math.min(logoOpacity.max, Math.max(logoOpacity.min, roundOpacity(value)));
    setOpacity(rounded);
    pendingOpacity.current = rounded;
    window.clearTimeout(opacityTimer.current);
    opacityTimer.current = window.setTimeout(flushOpacity, OPACITY_SAVE_MS);
  }

  async function send(file: File | undefined) {
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) {
      showToast({ type: 'error', title: problem });
      return;
    }
    setUploading(true);
    try {
      void applyState(await uploadLogo(file));
      showToast({ type: 'success', title: logoUrl ? 'Logo replaced' : 'Logo uploaded' });
    } catch (error) {
      showToast({ type: 'error', title: logoMessages.uploadFailed, description: refusalText(error) });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setRemoving(true);
    try {
      window.clearTimeout(opacityTimer.current);
      pendingOpacity.current = undefined;
      latest.current++;
      void applyState(await removeLogo());
      setConfirmingRemove(false);
      showToast({ type: 'success', title: 'Logo removed' });
    } catch (error) {
      showToast({ type: 'error', title: logoMessages.removeFailed, description: refusalText(error) });
    } finally {
      setRemoving(false);
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };

  const dropHandlers = {
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop,
  };

  return {
    user,
    logoUrl,
    saved,
    /** The saved settings with the slider's opacity, which moves before it is saved. */
    settings: { ...saved, opacity } satisfies LogoSettings,
    input,
    send,
    uploading,
    removing,
    confirmingRemove,
    setConfirmingRemove,
    remove,
    dragging,
    dropHandlers,
    save,
    changeOpacity,
  };
}

export type LogoOverlay = ReturnType<typeof useLogoOverlay>;
