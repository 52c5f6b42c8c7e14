// @vitest-environment jsdom
import '#tests/setup/dom.ts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_PROMPT_MS, SessionTimeout, sessionPromptDelay } from './session-timeout.tsx';

afterEach(() => {
  vi.useRealTimers();
  delete window.__adminSessionPromptMs;
});

describe('session timeout prompt (spec section 9)', () => {
  it('defaults to 14,399,998 ms when no override is set; a test override replaces it', () => {
    expect(SESSION_PROMPT_MS).toBe(14_399_998);
    expect(sessionPromptDelay()).toBe(14_399_998);
    window.__adminSessionPromptMs = 1500;
    expect(sessionPromptDelay()).toBe(1500);
    window.__adminSessionPromptMs = 0;
    expect(sessionPromptDelay()).toBe(14_399_998);
  });

  it('opens the modal exactly 14,399,998 ms after the layout loads, not a millisecond before', () => {
    vi.useFakeTimers();
    const { container } = render(
      <MemoryRouter>
        <SessionTimeout delayMs={sessionPromptDelay()} />
      </MemoryRouter>,
    );
    const dialog = container.querySelector('dialog')!;
    act(() => vi.advanceTimersByTime(14_399_997));
    expect(dialog.hasAttribute('open')).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Session Timeout' })).toBe(dialog);
    expect(screen.getByText('Your session is about to time out. Would you like to stay logged into your account?')).toBeTruthy();
  });
});
