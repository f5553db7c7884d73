import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertItsReferences, smallItsReferenceSet } from '../../apps/server/src/blast/its/test-references';
import { startStack, type Stack } from '../support/stack';
import { activeAccount, expectPath, logIn, settled } from '../support/helpers';

let stack: Stack;
let account: { email: string; password: string };

beforeAll(async () => {
  stack = await startStack();
  await insertItsReferences(stack.portal.db, await smallItsReferenceSet());
  account = await activeAccount(stack);
});
afterAll(async () => {
  await stack?.close();
});

// One language (CI time): the Chinese pages of the same result frame are the 16S and genome journeys'.
describe.each(['en'] as ('zh' | 'en')[])('fungal ITS identification in %s', (locale) => {
  const pre = locale === 'en' ? '/en' : '';

  it('a whole ITS read: submit → result with its regions and the complex → history', async () => {
    const { page } = await stack.newPage();
    await logIn(page, account.email, account.password, `${pre}/login`);
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${pre}/blast`);
    await page.getByTestId('open-its').click();
    await page.getByTestId('blast-dialog-ITS').waitFor();
    await settled(page);
    // Nothing pasted: said in the dialog, nothing sent.
    await page.getByTestId('blast-submit').click();
    expect(await page.getByTestId('blast-input-error').innerText()).toBe(locale === 'en' ? 'The ITS sequence can not be empty' : 'ITS 序列不能为空');
    await page.getByTestId('blast-sample').click();
    await page.getByText(locale === 'en' ? 'Loaded a sample: the whole ITS of Trichophyton mentagrophytes' : '已载入示例：Trichophyton mentagrophytes').waitFor();
    await page.getByTestId('blast-submit').click();
    await expectPath(page, new RegExp(`^${pre}/blast/res\\?id=[A-Za-z0-9_-]{22}$`));
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.locator('[data-testid="blast-res-page"][data-status="done"]').waitFor({ timeout: 90_000 });

    const read = page.getByTestId('its-read').first();
    expect(await read.getByTestId('its-regions').innerText()).toMatch(/ITS1 1–\d+[\s\S]*5\.8S \d+–\d+[\s\S]*ITS2 \d+–\d+/);
    expect(await read.getByTestId('its-basis').innerText()).toBe(locale === 'en' ? 'ITS1 and ITS2 combined' : 'ITS1 与 ITS2 合并');
    expect(await read.getByTestId('its-call-name').innerText()).toBe(locale === 'en' ? 'Trichophyton mentagrophytes / interdigitale complex' : '须癣毛癣菌 / 指间毛癣菌复合群（Trichophyton mentagrophytes / interdigitale complex）');
    expect(await read.getByTestId('its-complex').innerText()).toContain('de Hoog');

    await page.goto(`${pre}/blast/hist?method=ITS`);
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('history-top-species').innerText()).toContain(locale === 'en' ? 'Trichophyton mentagrophytes / interdigitale complex' : '须癣毛癣菌');
  });
});
