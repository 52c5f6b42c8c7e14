import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_OPTIONS, formatDateTime } from '../../lib/admin-sections.ts';
import { EditFrame, type Version } from './edit-frame.tsx';

const utc = new Intl.DateTimeFormat('en-US', { ...DATE_TIME_OPTIONS, timeZone: 'UTC' });
const versions: Version[] = [
  { id: 31, created: '2026-11-23T14:05:00Z' },
  { id: 30, created: '2026-03-04T09:30:00Z' },
];

function render(props: Partial<Parameters<typeof EditFrame>[0]> = {}) {
  // data-discover is React Router's prefetch marker, not part of what is tested here
  return renderToStaticMarkup(
    <MemoryRouter>
      <EditFrame
        title="Press Release"
        backTo="/siteadmin/press-releases"
        formId="f"
        formatVersion={(iso) => formatDateTime(iso, utc)}
        {...props}
      >
        <p>fields</p>
      </EditFrame>
    </MemoryRouter>,
  ).replaceAll(' data-discover="true"', '');
}

describe('admin edit frame', () => {
  it('adds when there is no item id: Back, "Add" heading, Cancel and Save Changes, no Rollback', () => {
    const html = render({ versions, rollbackRoute: 'press-releases' });
    expect(html).toContain('href="/siteadmin/press-releases"');
    expect(html).toMatch(/<h1[^>]*>Add Press Release<\/h1>/);
    expect(html).toContain('>Cancel</a>');
    expect(html).toContain('form="f"');
    expect(html).toContain('>Save Changes</button>');
    expect(html).not.toContain('Rollback');
    expect(html).toContain('<p>fields</p>');
  });

  it('edits with an item id; Rollback appears only when versions exist', () => {
    const none = render({ itemId: 7, versions: [], rollbackRoute: 'press-releases' });
    expect(none).toMatch(/<h1[^>]*>Edit Press Release<\/h1>/);
    expect(none).not.toContain('Rollback');
    expect(render({ itemId: 7, rollbackRoute: 'press-releases' })).not.toContain('Rollback');
  });

  it('lists versions by en-US long month date and 12-hour time, each linking to its rollback route, in a 175 px list', () => {
    const html = render({ itemId: 7, versions, rollbackRoute: 'press-releases' });
    expect(html).toContain('Rollback');
    expect(html).toContain('style="max-height:175px"');
    expect(html).toContain(
      '<a href="/siteadmin/press-releases/edit/7/31"><span class="rollback__when">November 23, 2026 at 2:05 PM</span></a>',
    );
    expect(html).toContain(
      '<a href="/siteadmin/press-releases/edit/7/30"><span class="rollback__when">March 4, 2026 at 9:30 AM</span></a>',
    );
  });

  it('formats versions with seconds by default (saves a few seconds apart are told apart)', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <EditFrame
          title="Page"
          itemId={1}
          backTo="/x"
          formId="f"
          versions={[{ id: 1, created: '2026-11-23T14:05:07Z' }]}
          rollbackRoute="pages"
        >
          <p>fields</p>
        </EditFrame>
      </MemoryRouter>,
    );
    expect(html).toMatch(/November 2[34], 2026 at \d{1,2}:\d{2}:07 (AM|PM)/);
  });

  it('keeps the action bar (Back, heading, actions, Cancel, Save Changes) in one sticky element above the form', () => {
    const html = render({ itemId: 7, actions: <button type="button">Preview</button> });
    const bar = html.slice(html.indexOf('class="edit-frame__bar"'), html.indexOf('class="edit-frame__layout"'));
    for (const part of ['>Back</a>', '<h1', '>Preview</button>', '>Cancel</a>', '>Save Changes</button>']) expect(bar).toContain(part);
    expect(html).not.toContain('Sections of the form');
  });

  it('shows Saving... and disables Save Changes while saving', () => {
    expect(render({ saving: true })).toMatch(/<button[^>]*disabled=""[^>]*>Saving...<\/button>/);
  });
});

describe('admin edit frame: versions with their authors', () => {
  const withAuthors: Version[] = [
    { id: 31, created: '2026-11-23T14:05:00Z', savedBy: 'ana@example.com' },
    { id: 30, created: '2026-03-04T09:30:00Z', savedBy: null },
  ];

  it('names who saved each version, and marks the version loaded into the form', () => {
    const html = render({ itemId: 7, versions: withAuthors, rollbackRoute: 'press-releases', loadedVersionId: 30 });
    expect(html).toContain(
      '<a href="/siteadmin/press-releases/edit/7/31"><span class="rollback__when">November 23, 2026 at 2:05 PM</span><span class="rollback__meta"><span class="visually-hidden"> · </span><span class="rollback__by">ana@example.com</span></span></a>',
    );
    expect(html).toContain(
      '<a aria-current="true" href="/siteadmin/press-releases/edit/7/30"><span class="rollback__when">March 4, 2026 at 9:30 AM</span></a>',
    );
    expect(html.replace(/<[^>]+>/g, '')).toContain(
      'You are editing the version saved March 4, 2026 at 9:30 AM. Save Changes makes it the current version again as a new version; no version is lost.',
    );
  });

  it('says nothing extra when the loaded version is the newest one', () => {
    const html = render({ itemId: 7, versions: withAuthors, rollbackRoute: 'press-releases', loadedVersionId: 31 });
    expect(html).not.toContain('You are editing the version');
    expect(html).toContain(
      '<a aria-current="true" href="/siteadmin/press-releases/edit/7/31"><span class="rollback__when">November 23, 2026 at 2:05 PM',
    );
  });
});
