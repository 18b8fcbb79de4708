import { toastFailure } from './notify';

/** A failed password reset (reset form). */
export function toastResetFailure(error: unknown): void {
  toastFailure(error, {
    title: 'Password Reset Failed',
    fallback: 'Something went wrong. Please try again.',
    network: { title: 'Something went wrong', description: "We couldn't process your request. Please try again." },
  });
}
