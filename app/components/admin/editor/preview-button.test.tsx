// @vitest-environment jsdom
import { axeViolationsIn } from '#tests/setup/dom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PreviewButton } from './preview-button.tsx';
import { ViewPageLink } from './view-page-link.tsx';

interface FakeTab {
  opener: unknown;
  document: { title: string };
  location: { href: string };
  close: ReturnType<typeof vi.fn>;
}

function fakeTab(): FakeTab {
  return { opener: 'the editor', document: { title: '' }, location: { href: 'about:blank' }, close: vi.fn() };
}

function reply(status: number, body: object) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('PreviewButton', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let openMock: ReturnType<typeof vi.fn>;
  let tab: FakeTab;
  beforeEach(() => {
    // a signed-in session where the API client reads it (local storage key `root`)
    window.localStorage.setItem(
      'root',
      JSON.stringify({
        isAuthenticated: true,
        loading: false,
        email: 'admin@example.com',
        token: 'access-token',
        refreshToken: 'refresh-token',
        revalidatingToken: false,
      }),
    );
    tab = fakeTab();
    openMock = vi.fn(() => tab);
    vi.stubGlobal('open', openMock);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderButton = (getContent: () => unknown | null, id?: number) =>
    render(
      <MemoryRouter>
        <PreviewButton kind="knowledge" id={id} getContent={getContent} />
      </MemoryRouter>,
    );

  it('opens a tab at the click, posts the save body and sends the tab to the preview link', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const content = { title: 'Unsaved title', modules: [] };
    renderButton(() => content, 12);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    // the tab is opened synchronously, in the click, before any answer: no pop-up blocker stops it
    expect(openMock).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe('/api/admin/preview');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer access-token');
    expect(JSON.parse(String(init.body))).toEqual({ kind: 'knowledge', id: 12, content });
    answer(reply(200, { success: true, data: { url: '/preview/abc', expiresAt: '2026-01-01T00:30:00Z' }, message: null }));
    await waitFor(() => expect(tab.location.href).toBe('/preview/abc'));
    expect(tab.close).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('does nothing while the form is invalid (getContent answers null)', () => {
    const getContent = vi.fn(() => null);
    renderButton(getContent);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(getContent).toHaveBeenCalledTimes(1);
    expect(openMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("closes the tab and shows the server's message beside the button when the preview is refused", async () => {
    fetchMock.mockResolvedValue(reply(400, { success: false, data: null, message: 'Enter a title.' }));
    renderButton(() => ({ title: '' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter a title.'));
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
  });

  it('says so when the server cannot be reached, and leaves out an absent id', async () => {
    fetchMock.mockRejectedValue(new TypeError('network down'));
    renderButton(() => ({ title: 'New item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/could not be reached/));
    expect(JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body))).toEqual({
      kind: 'knowledge',
      content: { title: 'New item' },
    });
    expect(tab.close).toHaveBeenCalled();
  });

  it('has an accessible description and no axe violations', async () => {
    const { container } = renderButton(() => null);
    expect(screen.getByRole('button', { name: 'Preview' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preview', description: /unsaved changes in a new tab/ })).toBeTruthy();
    expect(await axeViolationsIn(container)).toEqual([]);
  });
});

describe('ViewPageLink', () => {
  it('opens the public page in a new tab and says so', async () => {
    const { container } = render(<ViewPageLink path="/knowledge-center/a-slug" />);
    const link = screen.getByRole('link', { name: 'View Page, opens in a new tab' });
    expect(link.getAttribute('href')).toBe('/knowledge-center/a-slug');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(await axeViolationsIn(container)).toEqual([]);
  });
});
