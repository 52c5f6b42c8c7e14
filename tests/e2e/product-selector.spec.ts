import { expect, type Page, test, waitForDocument } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { documentHref } from '#shared/product-documents.ts';

const QUESTION = {
  challenge: 'What is your biggest challenge this season?',
  method: 'How would you like to apply nutrients?',
  crop: 'Which crop are you growing?',
  deficiency: 'Which micronutrient deficiencies do you need to correct?',
  onFarm: 'Do you treat your seed on the farm?',
  nitrogen: 'Which nitrogen source do you use?',
  results: 'Your recommended products',
};

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** The step's heading is shown and has focus, as it should after every move. */
async function expectStep(page: Page, question: string) {
  await expect(heading(page)).toHaveText(question);
  await expect(heading(page)).toBeFocused();
}

async function choose(page: Page, name: string | RegExp) {
  await page.getByRole('radio', { name }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/** "Step 2 of 3" above the question. */
function progressText(page: Page) {
  return page.getByText(/^Step \d+( of \d+)?$/);
}

function cards(page: Page) {
  return page.getByRole('article');
}

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('granular path: one card per nutrient, CROPMIX, NU-TRAX P+ and 3-TRAX, with document and finder links', async ({ page }) => {
  await page.goto('/product-selector');
  await expect(heading(page)).toHaveText(QUESTION.challenge);
  await expect(page.getByRole('group', { name: QUESTION.challenge }).getByRole('radio')).toHaveCount(8);
  // no total before the challenge is answered: it decides how many questions follow
  await expect(progressText(page)).toHaveText('Step 1');
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();
  await page.getByRole('radio', { name: 'Early-season vigor' }).check();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expectStep(page, QUESTION.method);
  await expect(page).toHaveURL(/challenge=1/);
  await expect(page.getByRole('radio')).toHaveCount(2);
  await choose(page, /Granular fertilizers/);

  await expectStep(page, QUESTION.crop);
  await expect(page.getByRole('radio')).toHaveCount(12);
  await choose(page, 'Corn');

  await expectStep(page, QUESTION.deficiency);
  await expect(progressText(page)).toHaveText('Step 4 of 4');
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();
  await page.getByRole('checkbox', { name: /Zinc/ }).check();
  await page.getByRole('checkbox', { name: /Copper/ }).check();
  await page.getByRole('checkbox', { name: /Blend/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expectStep(page, QUESTION.results);
  const names = ['WOLF TRAX Zinc DDP', 'WOLF TRAX Copper DDP', 'WOLF TRAX CROPMIX', 'NU-TRAX P+', '3-TRAX'];
  await expect(cards(page).getByRole('heading')).toHaveText(names);
  const zinc = cards(page).filter({ has: page.getByRole('heading', { name: 'WOLF TRAX Zinc DDP' }) });
  await expect(zinc.getByText('Zinc (Zn) 62%')).toBeVisible();
  await expect(zinc.getByRole('link', { name: /^Product Label/ })).toHaveAttribute('href', documentHref('wolf-trax-zinc', 'label'));
  await expect(zinc.getByRole('link', { name: /^SDS/ })).toHaveAttribute('href', documentHref('wolf-trax-zinc', 'sds'));
  await expect(zinc.getByRole('link', { name: /^Product Details/ })).toHaveAttribute('href', '/wolf-trax');
  await expect(page.getByRole('link', { name: 'Find a Retailer/Rep' })).toHaveAttribute('href', '/find-a-rep');

  // the answers live in the URL: a reload (or a shared link) shows the same results
  await page.reload();
  await expect(heading(page)).toHaveText(QUESTION.results);
  await expect(cards(page).getByRole('heading')).toHaveText(names);
});

test('seed-enhancer path: planter flowability leaves one method, which is recorded without asking; on-farm yes and no give their products', async ({
  page,
}) => {
  await page.goto('/product-selector');
  await choose(page, /Planter flowability/);
  // granular is hidden for planter flowability, so the seed enhancer is the only method: no question for it
  await expectStep(page, QUESTION.crop);
  await expect(page).toHaveURL(/step=3&challenge=7&method=2$/);
  await expect(progressText(page)).toHaveText('Step 2 of 3');
  await choose(page, 'Soybeans');
  await expectStep(page, QUESTION.onFarm);
  await expect(progressText(page)).toHaveText('Step 3 of 3');
  await choose(page, /^Yes/);
  await expectStep(page, QUESTION.results);
  await expect(cards(page).getByRole('heading')).toHaveText(['NU4-DRI', 'NU5-DRI']);
  // the summary lists the recorded method, with nothing to change
  const method = page.getByRole('definition').filter({ hasText: 'Seed enhancer' });
  await expect(method).toBeVisible();
  await expect(method.getByRole('link')).toHaveCount(0);

  await page.getByRole('link', { name: 'Back' }).click();
  await expectStep(page, QUESTION.onFarm);
  await expect(page.getByRole('radio', { name: /^Yes/ })).toBeChecked();
  await choose(page, /^No/);
  await expect(cards(page).getByRole('heading')).toHaveText(['NU5-LUX']);

  // Back passes the method too
  await page.getByRole('link', { name: 'Back' }).click();
  await expectStep(page, QUESTION.onFarm);
  await page.getByRole('link', { name: 'Back' }).click();
  await expectStep(page, QUESTION.crop);
  await page.getByRole('link', { name: 'Back' }).click();
  await expectStep(page, QUESTION.challenge);
  await expect(page.getByRole('radio', { name: /Planter flowability/ })).toBeChecked();

  // a hand-edited address asking for the method is shown the step it really means
  await page.goto('/product-selector?step=2&challenge=7&method=1');
  await expect(page).toHaveURL(/\?step=3&challenge=7&method=2$/);
  await expect(heading(page)).toHaveText(QUESTION.crop);
});

test('nitrogen path: challenge 5 skips the method, reduces the crops, and urea shows ANVOL and SUPERU', async ({ page }) => {
  await page.goto('/product-selector');
  await choose(page, /Nitrogen loss protection/);
  await expectStep(page, QUESTION.crop);
  await expect(progressText(page)).toHaveText('Step 2 of 3');
  const crops = page.getByRole('group', { name: QUESTION.crop }).locator('label');
  await expect(crops).toHaveText(['Corn', 'Wheat', 'Cotton', 'Canola', 'Rice', 'Other']);
  await choose(page, 'Wheat');
  await expectStep(page, QUESTION.nitrogen);
  await choose(page, /^Urea/);
  await expectStep(page, QUESTION.results);
  await expect(cards(page).getByRole('heading')).toHaveText(['ANVOL', 'SUPERU']);
  const anvol = cards(page).filter({ has: page.getByRole('heading', { name: 'ANVOL' }) });
  await expect(anvol.getByRole('link', { name: /^Product Details/ })).toHaveAttribute('href', '/anvol');
});

test('Back mirrors the path taken, keeps the answers, and the browser back button works too', async ({ page }) => {
  await page.goto('/product-selector');
  await choose(page, /Nitrogen use efficiency/);
  await choose(page, 'Rice');
  await expectStep(page, QUESTION.nitrogen);

  await page.getByRole('link', { name: 'Back' }).click();
  await expectStep(page, QUESTION.crop);
  await expect(page.getByRole('radio', { name: 'Rice' })).toBeChecked();
  await page.getByRole('link', { name: 'Back' }).click();
  await expectStep(page, QUESTION.challenge);
  await expect(page.getByRole('radio', { name: /Nitrogen use efficiency/ })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveCount(0);

  // a different challenge takes a different path; Back follows it
  await choose(page, /Micronutrient deficiencies/);
  await expectStep(page, QUESTION.method);
  await choose(page, /Seed enhancer/);
  await expectStep(page, QUESTION.crop);
  await expect(page.getByRole('radio', { name: 'Rice' })).toBeChecked();
  await page.getByRole('link', { name: 'Back' }).click();
  await expectStep(page, QUESTION.method);

  await page.goBack();
  await expect(heading(page)).toHaveText(QUESTION.crop);
  await page.goBack();
  await expect(heading(page)).toHaveText(QUESTION.method);
  await expect(page.getByRole('radio', { name: /Seed enhancer/ })).toBeChecked();
  await page.goForward();
  await expect(heading(page)).toHaveText(QUESTION.crop);
});

test('Start Over resets the selector', async ({ page }) => {
  await page.goto('/product-selector?step=7&challenge=5&crop=1&nitrogen=3');
  await expect(cards(page).getByRole('heading')).toHaveText(['CENTURO']);
  await page.getByRole('link', { name: 'Start Over' }).click();
  await expectStep(page, QUESTION.challenge);
  await expect(page).toHaveURL(/\/product-selector$/);
  await expect(page.getByRole('radio', { name: /Nitrogen loss protection/ })).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Start Over' })).toHaveCount(0);
});

test('Close returns to the internal page the visitor came from', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Product Selector' }).click();
  // /about is a static page: the selector loads as a new document and must hydrate before the click
  await waitForDocument(page, /\/product-selector$/);
  await expect(heading(page)).toHaveText(QUESTION.challenge);
  await choose(page, /Yield and crop quality/);
  await expectStep(page, QUESTION.method);
  await page.getByRole('link', { name: 'Close' }).click();
  // About is a static template: a document load, with its own script
  await waitForDocument(page, /\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(QUESTION.method);
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
});

test('Close goes to the home page after a direct visit', async ({ page }) => {
  await page.goto('/product-selector?step=3&challenge=2&method=1');
  await expect(heading(page)).toHaveText(QUESTION.crop);
  await page.getByRole('link', { name: 'Close' }).click();
  await waitForDocument(page, /:\d+\/$/);
});

test('the finder button and product pages follow the visitor region', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'region', value: '3', url: baseURL! }]);
  await page.addInitScript(() => window.localStorage.setItem('region', '3'));
  await page.goto('/product-selector?step=7&challenge=3&method=2&crop=5&on-farm=2');
  await expect(page.getByRole('link', { name: 'Find a Retailer/Rep' })).toHaveAttribute('href', '/find-a-rep-ca');
  await expect(page.getByRole('link', { name: /^Product Details/ })).toHaveAttribute('href', '/rocket-seeds-ca');
});

test('works with the keyboard alone', async ({ page }) => {
  await page.goto('/product-selector');
  await page.getByRole('radio', { name: 'Early-season vigor' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /Micronutrient deficiencies/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectStep(page, QUESTION.method);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the forms still lead through the nitrogen path to the results', async ({ page }) => {
    await page.goto('/product-selector');
    await choose(page, /Nitrogen loss protection/);
    await expect(heading(page)).toHaveText(QUESTION.crop);
    await choose(page, 'Corn');
    await expect(heading(page)).toHaveText(QUESTION.nitrogen);
    await choose(page, /^UAN/);
    await expect(heading(page)).toHaveText(QUESTION.results);
    await expect(cards(page).getByRole('heading')).toHaveText(['ANVOL', 'CENTURO']);
    await expect(page).toHaveURL(/step=7&challenge=5&crop=1&nitrogen=2$/);
  });

  test('planter flowability passes the one-answer method, forward and Back', async ({ page }) => {
    await page.goto('/product-selector');
    await expect(progressText(page)).toHaveText('Step 1');
    await choose(page, /Planter flowability/);
    await expect(heading(page)).toHaveText(QUESTION.crop);
    await expect(page).toHaveURL(/step=3&challenge=7&method=2$/);
    await expect(progressText(page)).toHaveText('Step 2 of 3');
    await choose(page, 'Corn');
    await expect(heading(page)).toHaveText(QUESTION.onFarm);
    await expect(progressText(page)).toHaveText('Step 3 of 3');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(heading(page)).toHaveText(QUESTION.crop);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(heading(page)).toHaveText(QUESTION.challenge);
    await expect(progressText(page)).toHaveText('Step 1 of 3');
  });
});

test('each step has its own title', async ({ page }) => {
  await page.goto('/product-selector');
  await expect(page).toHaveTitle(/^Product Selector \|/);
  await page.goto('/product-selector?step=3&challenge=5');
  await expect(page).toHaveTitle(/^Crop – Product Selector \|/);
  await page.goto('/product-selector?step=7&challenge=5&crop=1&nitrogen=1');
  await expect(page).toHaveTitle(/^Your Recommended Products – Product Selector \|/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /find the right/);
});

test('axe finds no violations on a step', async ({ page }) => {
  await page.goto('/product-selector?step=4&challenge=8&method=1&crop=2&deficiency=5');
  await expect(heading(page)).toHaveText(QUESTION.deficiency);
  await expectAxeClean(page);
});

test('axe finds no violations on the results', async ({ page }) => {
  await page.goto('/product-selector?step=7&challenge=8&method=1&crop=2&deficiency=5&deficiency=6');
  await expect(heading(page)).toHaveText(QUESTION.results);
  await expectAxeClean(page);
});

/** One address per step, on each kind of path, and the results. */
const EVERY_STEP = [
  '/product-selector',
  '/product-selector?step=2&challenge=1',
  '/product-selector?step=3&challenge=1&method=1',
  '/product-selector?step=4&challenge=1&method=1&crop=1',
  '/product-selector?step=5&challenge=1&method=2&crop=1',
  '/product-selector?step=6&challenge=5&crop=1',
  '/product-selector?step=7&challenge=1&method=1&crop=1&deficiency=1&deficiency=2',
  '/product-selector?step=7&challenge=7&method=2&crop=2&on-farm=1',
];

for (const viewport of [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('nothing overflows sideways on any step, with Start Over and Close in the top bar', async ({ page }) => {
      for (const path of EVERY_STEP) {
        await page.goto(path);
        await expect(heading(page)).toBeVisible();
        const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(scroll, path).toBeLessThanOrEqual(inner);
        for (const control of [
          page.getByRole('link', { name: 'Close' }),
          ...(path.includes('step=') ? [page.getByRole('link', { name: 'Start Over' })] : []),
        ]) {
          const box = (await control.boundingBox())!;
          expect(box.x + box.width, path).toBeLessThanOrEqual(viewport.width);
        }
        for (const choice of await page.locator('.choice').all()) {
          const box = (await choice.boundingBox())!;
          expect(box.x + box.width, path).toBeLessThanOrEqual(viewport.width);
        }
      }
      await expectAxeClean(page);
    });

    test('the step count never jumps: no total before the first answer, then one more step with each Next', async ({ page }) => {
      const paths: [RegExp, (string | RegExp)[], string[]][] = [
        [/Early-season vigor/, [/Granular fertilizers/, 'Corn'], ['Step 1', 'Step 2 of 4', 'Step 3 of 4', 'Step 4 of 4']],
        [/Nitrogen use efficiency/, ['Rice'], ['Step 1', 'Step 2 of 3', 'Step 3 of 3']],
        [/Planter flowability/, ['Corn'], ['Step 1', 'Step 2 of 3', 'Step 3 of 3']],
      ];
      for (const [challenge, answers, expected] of paths) {
        await page.goto('/product-selector');
        const seen = [await progressText(page).textContent()];
        await choose(page, challenge);
        for (const answer of answers) {
          await expect(heading(page)).toBeFocused();
          seen.push(await progressText(page).textContent());
          await choose(page, answer);
        }
        await expect(heading(page)).toBeFocused();
        seen.push(await progressText(page).textContent());
        expect(seen).toEqual(expected);
      }
    });
  });
}
