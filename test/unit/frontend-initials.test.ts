import { describe, expect, it } from 'vitest';

import { getInitials } from '../../frontend/src/lib/initials';

describe('avatar initials', () => {
  it('takes the first letter of each word of the name, uppercased', () => {
    expect(getInitials('ada lovelace', 'ada@example.com')).toBe('AL');
  });

  it('ignores extra spaces in the name', () => {
    expect(getInitials('  grace   brewster  hopper ', null)).toBe('GBH');
  });

  it('uses a one-word name on its own', () => {
    expect(getInitials('Linus')).toBe('L');
  });

  it('falls back to the first letter of the email when there is no name', () => {
    expect(getInitials(undefined, 'zoe@example.com')).toBe('Z');
    expect(getInitials('   ', 'zoe@example.com')).toBe('Z');
  });

  it('falls back to U when there is neither name nor email', () => {
    expect(getInitials()).toBe('U');
    expect(getInitials('', '')).toBe('U');
    expect(getInitials(null, null)).toBe('U');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(getInitials('𝒜lice émile')).toBe('𝒜É');
  });
});
