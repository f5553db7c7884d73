import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUALITY_LEVELS, decodeProfile, BIOCHEM_PANELS } from '@mdc/core/identify/biochem';
import { activeAccount } from '../support/accounts';
import { finished } from '../support/blast';
import { pdfRuns } from '../support/pdf-text';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';

async function counts(portal: TestPortal) {
  const rows = await portal.db.query<{ tasks: number; jobs: number }>(`SELECT (SELECT count(*)::int FROM blast_task) AS tasks, (SELECT count(*)::int FROM jobs) AS jobs`);
  return rows[0]!;
}

// Proteus mirabilis as a bench sheet reads it (typical reactions of the species, citrate negative).
const proteus = 'GRAM=-,OX=-,IND=-,MR=+,VP=-,CIT=-,H2S=+,URE=+,PDA=+,LDC=-,ADH=-,ODC=+,MOT=+,GEL=+,LAC=-,SAC=-,MAN=-,MAL=-,XYL=+';

describe.each(dbKinds)('biochemical and morphological identification on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
    alice = await activeAccount(portal, smtp);
    bob = await activeAccount(portal, smtp);
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('tells the dialog its panels: wells in order, names in both languages, the profile encoding and the labels', async () => {
    const info = (await call(portal, 'GET', '/api/blast/info')).body.data;
    expect(info.methods.map((m: { method: string }) => m.method)).toEqual(expect.arrayContaining(['biochem', 'morphology']));
    const biochem = info.methods.find((m: { method: string }) => m.method === 'biochem');
    expect(biochem.species).toBeGreaterThanOrEqual(60);
    const panels = info.biochem.panels as { id: string; method: string; tests: string[]; profile: { groups: string[][]; weights: number[] } | null; matrix: { taxa: number } | null }[];
    expect(panels.map((p) => [p.id, p.method])).toEqual([
      ['API20E', 'biochem'],
      ['conventional', 'biochem'],
      ['primary', 'morphology'],
    ]);
    const api20e = panels[0]!;
    expect(api20e.tests.slice(0, 4)).toEqual(['ONPG', 'ADH', 'LDC', 'ODC']);
    expect(api20e.tests).toHaveLength(21);
    expect(api20e.profile!.groups).toHaveLength(7);
    expect(api20e.profile!.groups[6]).toEqual(['AMY', 'ARA', 'OX']);
    expect(api20e.profile!.weights).toEqual([1, 2, 4]);
    expect(panels[1]!.profile).toBeNull();
    expect(panels.every((p) => p.matrix && p.matrix.taxa > 10)).toBe(true);
    const onpg = info.biochem.tests.find((t: { code: string }) => t.code === 'ONPG');
    expect(onpg.name.zh).toMatch(/半乳糖苷酶/);
    expect(info.biochem.tests.find((t: { code: string }) => t.code === 'COCC').group).toBe('shape');
    expect(info.biochem.quality.map((q: { level: string }) => q.level)).toEqual([...QUALITY_LEVELS]);
    expect(info.biochem.quality[0]).toMatchObject({ level: 'excellent', percentId: 99.9, typicity: 0.75 });
    expect(info.biochem.stripsWithoutMatrix).toContain('API 20NE');
  });

  it('identifies an API 20E profile, keeps the result, exports CSV and PDF and lists the call in the history', async () => {
    const submit = await call(portal, 'POST', '/api/blast/tasks', { method: 'biochem', panel: 'API20E', profile: '5144572', sampleName: 'Urine 17' }, { token: alice, locale: 'en' });
    expect(submit.status).toBe(200);
    expect(submit.body.data).toMatchObject({ method: 'biochem', status: 'running', itemCount: 1, token: null });
    const task = await finished(portal, submit.body.data.id, alice);
    expect(task.status).toBe('done');
    const result = task.biochem;
    expect(result).toMatchObject({ sampleName: 'Urine 17', panel: { id: 'API20E' }, profile: '5144572' });
    expect(result.reactions).toHaveLength(21);
    const positives = result.reactions.filter((r: { reaction: string }) => r.reaction === '+').map((r: { code: string }) => r.code);
    expect(positives).toEqual(['ONPG', 'LDC', 'ODC', 'IND', 'GLU', 'MAN', 'SOR', 'RHA', 'SAC', 'MEL', 'ARA']);
    const id = result.identification;
    expect(id.call.taxon).toBe('Escherichia coli');
    expect(id.call.percentId).toBeGreaterThan(90);
    expect(id.call.typicity).toBeGreaterThan(0.75);
    expect(QUALITY_LEVELS).toContain(id.call.level);
    expect(id.call.label.en).toMatch(/identification|discrimination/i);
    expect(id.candidates.length).toBeGreaterThan(3);
    expect(id.candidates.map((c: { rank: number }) => c.rank)).toEqual(id.candidates.map((_: unknown, i: number) => i + 1));
    const shares = id.candidates.map((c: { percentId: number }) => c.percentId);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    // Every candidate carries every counted test against its % positive, for the picture.
    for (const c of id.candidates) expect(c.tests.map((x: { code: string }) => x.code)).toEqual(BIOCHEM_PANELS.API20E.tests);
    expect(id.candidates[1].testsAgainst.length).toBeGreaterThan(0);
    // The matrix is named in the result, not as a reference set of sequences.
    expect(result.matrix).toMatchObject({ id: 'enterobacterales-api20e', taxa: 66 });
    expect(task.reference).toBeNull();
    expect(task.call).toMatchObject({ name: 'Escherichia coli', measure: 'percentId', level: id.call.level });
    expect(task.call.value).toBeCloseTo(id.call.percentId, 1);

    const csvZh = await call(portal, 'GET', `/api/blast/tasks/${task.id}/export.csv`, undefined, { token: alice, locale: 'zh' });
    expect(csvZh.status).toBe(200);
    expect(csvZh.headers['content-type']).toMatch(/text\/csv/);
    const zhLines = csvZh.raw.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(zhLines[0]).toBe('部分,名次,菌种,中文名,%ID,T,质量,复合群,不符合的试验,说明');
    expect(zhLines[1]).toMatch(/^鉴定,1,Escherichia coli,大肠埃希菌,/);
    // The call's row stands on the first candidate: the others follow, each without a quality label of its own.
    const candidateRows = zhLines.filter((l) => l.startsWith('候选,'));
    expect(candidateRows).toHaveLength(id.candidates.length - 1);
    for (const row of candidateRows) expect(row.split(',')[6]).toBe('');
    expect(zhLines.filter((l) => l.startsWith('反应,'))).toHaveLength(21);
    expect(csvZh.raw).toContain(id.call.label.zh);
    const csvEn = await call(portal, 'GET', `/api/blast/tasks/${task.id}/export.csv`, undefined, { token: alice, locale: 'en' });
    expect(csvEn.raw).toContain('section,rank,taxon,Chinese name,%ID,T,quality');
    expect(csvEn.raw).toContain('Numerical profile: 5144572');
    expect(csvEn.raw).toContain('reaction,,ONPG,β-galactosidase (ONPG),positive');
    expect(csvEn.raw).toContain('reaction,,ADH,Arginine dihydrolase,negative');
    expect(csvZh.raw).toContain('反应,,ONPG,β-半乳糖苷酶（ONPG）,阳性');

    for (const locale of ['en', 'zh'] as const) {
      const pdf = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.pdf`, headers: { authorization: `Bearer ${alice}`, local: locale } });
      if (locale === 'zh' && !task.pdf) continue;
      expect(pdf.statusCode, locale).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.rawPayload.length).toBeGreaterThan(5000);
      // Issue 16: the matrix source was printed in English on the Chinese report.
      const printed = pdfRuns(pdf.rawPayload).map((r) => r.text).join('');
      if (locale === 'zh') {
        expect(printed).toContain('每个小孔取自与之对应的常规生化反应');
        expect(printed).not.toContain('Derived per well');
      } else expect(printed).toContain('Derived per well from the conventional reactions');
    }

    const history = await call(portal, 'GET', '/api/blast/tasks?method=biochem', undefined, { token: alice });
    const row = history.body.data.list.find((t: { id: string }) => t.id === task.id);
    expect(row).toMatchObject({ method: 'biochem', status: 'done', itemCount: 1, call: { name: 'Escherichia coli', measure: 'percentId' }, summary: { panel: 'API20E', profile: '5144572', sampleName: 'Urine 17', zh: '大肠埃希菌' } });
    expect(history.body.data.list.every((t: { method: string }) => t.method === 'biochem')).toBe(true);
    expect((await call(portal, 'GET', `/api/blast/tasks/${task.id}`, undefined, { token: bob })).status).toBe(404);
  });

  it('identifies reactions of the conventional tubes sent as JSON, with primary tests alongside', async () => {
    const reactions = Object.fromEntries(proteus.split(',').map((p) => p.split('=') as [string, string]));
    const submit = await call(portal, 'POST', '/api/blast/tasks', { method: 'biochem', panel: 'conventional', reactions } as unknown as Record<string, string>, { token: alice, json: true });
    expect(submit.status).toBe(200);
    const task = await finished(portal, submit.body.data.id, alice);
    const result = task.biochem;
    expect(result.panel.id).toBe('conventional');
    expect(result.profile).toBeNull();
    expect(result.identification.call.taxon).toBe('Proteus mirabilis');
    expect(result.identification.call.percentId).toBeGreaterThan(99);
    expect(result.identification.counted.filter((c: { from: string }) => c.from === 'primary').map((c: { code: string }) => c.code)).toEqual(['GRAM']);
    // The conventional order, then the primary tests.
    expect(result.reactions.map((r: { code: string }) => r.code).slice(0, 3)).toEqual(['IND', 'MR', 'VP']);
    expect(result.reactions.at(-1)).toEqual({ code: 'GRAM', reaction: '-' });

    // The same as a typed list, anonymous this time: the same call.
    const typed = await call(portal, 'POST', '/api/blast/tasks', { method: 'biochem', panel: 'Conventional', reactions: proteus });
    expect(typed.body.data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await finished(portal, typed.body.data.id)).biochem.identification.call.taxon).toBe('Proteus mirabilis');
  });

  it('identifies with the primary tests and morphology alone, to the genus or group', async () => {
    const submit = await call(portal, 'POST', '/api/blast/tasks', { method: 'morphology', reactions: 'GRAM=+,COCC=+,CLUS=+,CAT=+,COA=+,BHEM=+' }, { token: alice, locale: 'zh' });
    expect(submit.status).toBe(200);
    const task = await finished(portal, submit.body.data.id, alice);
    expect(task.method).toBe('morphology');
    const result = task.biochem;
    expect(result.panel.id).toBe('primary');
    expect(result.identification.call.taxon).toBe('Staphylococcus aureus');
    expect(result.identification.candidates[1].taxon).toBe('Coagulase-negative staphylococci');
    expect(result.matrix.id).toBe('primary');
    const csv = await call(portal, 'GET', `/api/blast/tasks/${task.id}/export.csv`, undefined, { token: alice, locale: 'en' });
    expect(csv.raw).toContain('Coagulase-negative staphylococci');
    const pdf = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.pdf`, headers: { authorization: `Bearer ${alice}`, local: 'en' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdfRuns(pdf.rawPayload).map((r) => r.text).join('')).toContain('Coagulase-negative staphylococci');
    // Issue 16: the Chinese report printed rows named in English words ("Coagulase-negative
    // staphylococci") as they are; it prints their Chinese names, and the matrix source in Chinese.
    const pdfZh = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.pdf`, headers: { authorization: `Bearer ${alice}`, local: 'zh' } });
    if (pdfZh.statusCode === 200) {
      const printed = pdfRuns(pdfZh.rawPayload).map((r) => r.text).join('');
      expect(printed).toContain('凝固酶阴性葡萄球菌');
      expect(printed).not.toContain('Coagulase-negative');
      expect(printed).toContain('《临床微生物学手册》');
      expect(printed).not.toContain('Manual of Clinical Microbiology');
    }

    // A Gram-positive coccus on API 20E: the panel's best taxon is not a call.
    const outside = await call(portal, 'POST', '/api/blast/tasks', { method: 'biochem', panel: 'API20E', profile: '5144572', reactions: 'GRAM=+,COCC=+,CLUS=+,CAT=+' }, { token: alice });
    const wrong = (await finished(portal, outside.body.data.id, alice)).biochem.identification;
    expect(wrong.call.level).toBe('unacceptable');
    expect(wrong.primaryFit.outsidePanel).toBe(true);
    expect(wrong.call.note.en).toMatch(/Staphylococcus/);

    const history = await call(portal, 'GET', '/api/blast/tasks?method=morphology', undefined, { token: alice });
    expect(history.body.data.list.map((t: { id: string }) => t.id)).toEqual([task.id]);
    expect(history.body.data.list[0].call).toMatchObject({ name: 'Coagulase-positive staphylococci', measure: 'percentId' });
    // The group is called without a quality label and without the S. aureus row's %ID as if it were the group's.
    expect(history.body.data.list[0].call).toMatchObject({ value: null, level: 'species-group' });
    const callRow = csv.raw.replace(/^\ufeff/, '').split('\r\n').find((l) => l.startsWith('call,'))!;
    expect(callRow).toMatch(/^call,1,Coagulase-positive staphylococci,凝固酶阳性葡萄球菌,,,"?group level/);
    expect(csv.raw).not.toMatch(/identification/i);
    expect(csv.raw).not.toMatch(/Staphylococcus aureus,[^,]*,9\d\./);
    expect(pdfRuns(pdf.rawPayload).map((r) => r.text).join('')).not.toMatch(/Good identification|97\.9/);
  });

  // Looked at (issue 24's screenshots): without β-haemolysis the Chinese report's "tests to do next" headed a column "Coagulase-negative staphy…".
  it('heads the next tests of a Chinese morphology report with the Chinese names of groups', async () => {
    const submit = await call(portal, 'POST', '/api/blast/tasks', { method: 'morphology', reactions: 'GRAM=+,COCC=+,CLUS=+,CAT=+,COA=+' }, { token: alice });
    const task = await finished(portal, submit.body.data.id, alice);
    expect(task.biochem.identification.nextTests.length).toBeGreaterThan(0);
    const pdfZh = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.pdf`, headers: { authorization: `Bearer ${alice}`, local: 'zh' } });
    if (pdfZh.statusCode !== 200) return;
    const printed = pdfRuns(pdfZh.rawPayload).map((r) => r.text).join('');
    expect(printed).toContain('建议补充的试验');
    expect(printed).not.toContain('Coagulase-negative');
    expect(printed).toContain('凝固酶阴性葡萄球菌');
  });

  it('refuses every kind of bad input at once, in the language of the request, naming the field, and stores nothing', async () => {
    const before = await counts(portal);
    const cases: { body: Record<string, unknown>; field: string; reason: string; en: RegExp; zh: RegExp; json?: boolean }[] = [
      { body: { method: 'biochem', profile: '5144572' }, field: 'panel', reason: 'no-panel', en: /^Panel: choose the panel/, zh: /^鉴定板：请选择/ },
      { body: { method: 'biochem', panel: 'API 99Z', profile: '5144572' }, field: 'panel', reason: 'unknown-panel', en: /^Panel: unknown panel "API 99Z"/, zh: /^鉴定板：未知的鉴定板“API 99Z”/ },
      { body: { method: 'biochem', panel: 'API20NE', profile: '1234567' }, field: 'panel', reason: 'no-matrix', en: /^Panel: panel API 20NE has no probability matrix yet/, zh: /^鉴定板：鉴定板 API 20NE 尚无概率矩阵/ },
      { body: { method: 'biochem', panel: 'API20E', profile: '514457' }, field: 'profile', reason: 'profile-length', en: /^Numerical profile: .* has 7 digits, not 6/, zh: /^数码谱：.*应为 7 位数字，而不是 6 位/ },
      { body: { method: 'biochem', panel: 'API20E', profile: '5148572' }, field: 'profile', reason: 'profile-digit', en: /^Numerical profile: digit 4 is 8/, zh: /^数码谱：第 4 位数字为 8/ },
      { body: { method: 'biochem', panel: 'API20E', profile: '51a4572' }, field: 'profile', reason: 'profile-not-digits', en: /digits only/, zh: /只能由数字组成/ },
      { body: { method: 'biochem', panel: 'conventional', profile: '5144572' }, field: 'profile', reason: 'profile-not-digits', en: /^Numerical profile:/, zh: /^数码谱：/ },
      { body: { method: 'biochem', panel: 'conventional', reactions: 'IND=+,XYZ=+' }, field: 'reactions', reason: 'unknown-test', en: /^Reactions: unknown test code "XYZ"/, zh: /^反应：未知的试验代码“XYZ”/ },
      { body: { method: 'biochem', panel: 'API20E', reactions: 'MR=+' }, field: 'reactions', reason: 'test-not-in-panel', en: /test MR is not part of panel API20E/, zh: /试验 MR 既不属于鉴定板 API20E/ },
      { body: { method: 'biochem', panel: 'conventional', reactions: 'IND=maybe' }, field: 'reactions', reason: 'bad-reaction', en: /the reaction of IND is "maybe"/, zh: /IND 的反应为“maybe”/ },
      { body: { method: 'biochem', panel: 'conventional', reactions: 'IND=+,ind=-' }, field: 'reactions', reason: 'duplicate-test', en: /test IND is given twice/, zh: /试验 IND 重复出现/ },
      { body: { method: 'biochem', panel: 'API20E', profile: '5144572', reactions: 'IND=-' }, field: 'reactions', reason: 'conflicting-reaction', en: /different reactions/, zh: /反应不一致/ },
      { body: { method: 'biochem', panel: 'conventional', reactions: 'IND=,VP=' }, field: 'reactions', reason: 'no-reactions', en: /no reaction was entered/, zh: /未输入任何反应/ },
      { body: { method: 'morphology', reactions: '' }, field: 'reactions', reason: 'no-reactions', en: /^Reactions: no reaction/, zh: /^反应：未输入任何反应/ },
      { body: { method: 'morphology', panel: 'API20E', profile: '5144572' }, field: 'panel', reason: 'morphology-panel', en: /primary tests and morphology only/, zh: /只读取初步试验/ },
      { body: { method: 'morphology', reactions: 'ONPG=+' }, field: 'reactions', reason: 'test-not-in-panel', en: /ONPG is not part of panel primary/, zh: /ONPG 既不属于鉴定板 primary/ },
      { body: { method: 'biochem', panel: 'conventional', reactions: { IND: true } }, field: 'reactions', reason: 'bad-reaction', en: /the reaction of IND is "true"/, zh: /IND 的反应为“true”/, json: true },
      { body: { method: 'biochem', panel: ['API20E'], profile: '5144572' }, field: 'panel', reason: 'not-text', en: /^Panel: expected text/, zh: /^鉴定板：应为文本/, json: true },
      { body: { method: 'biochem', panel: 'conventional', reactions: ['IND=+'] }, field: 'reactions', reason: 'not-text', en: /^Reactions: expected text/, zh: /^反应：应为文本/, json: true },
      { body: { method: 'biochem', panel: 'conventional', reactions: `IND=+,${'VP=-,'.repeat(2000)}` }, field: 'reactions', reason: 'too-long', en: /longer than 5000/, zh: /超过 5000 个字符/ },
      { body: { method: 'biochem', panel: 'API20E', profile: '5144572', sampleName: 'x'.repeat(101) }, field: 'sampleName', reason: 'too-long', en: /^Sample name: at most 100/, zh: /^样本名称：最多 100/ },
    ];
    for (const c of cases) {
      for (const locale of ['en', 'zh'] as const) {
        const answer = await call(portal, 'POST', '/api/blast/tasks', c.body as Record<string, string>, { locale, json: c.json, token: locale === 'en' ? alice : undefined });
        const what = `${JSON.stringify(c.body).slice(0, 80)} (${locale})`;
        expect(answer.status, what).toBe(400);
        expect(answer.body.msg, what).toMatch(c[locale]);
        expect(answer.body.data.reason, what).toBe(c.reason);
        expect(answer.body.data.fields[c.field], what).toBe(answer.body.msg);
      }
    }
    expect(await counts(portal)).toEqual(before);
  });

  it('lets an anonymous user identify, view by link, and claim the task into a history', async () => {
    const submit = await call(portal, 'POST', '/api/blast/tasks', { method: 'biochem', panel: 'API20E', profile: '3305573' });
    const { id, token } = submit.body.data as { id: string; token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const viewed = await finished(portal, id);
    expect(viewed).toMatchObject({ status: 'done', anonymous: true, method: 'biochem' });
    expect(viewed.biochem.identification.call.taxon).toBe('Enterobacter cloacae');
    // The profile states every well: the decoded reactions are what was counted.
    const decoded = decodeProfile(BIOCHEM_PANELS.API20E, '3305573');
    expect(Object.fromEntries(viewed.biochem.reactions.map((r: { code: string; reaction: string }) => [r.code, r.reaction]))).toEqual(decoded);
    expect(viewed.biochem.identification.nextTests.length).toBeGreaterThan(0);
    for (const next of viewed.biochem.identification.nextTests) {
      expect(next.expected.length).toBeGreaterThan(1);
      expect(next.name.zh.length).toBeGreaterThan(0);
    }

    const claim = await call(portal, 'POST', '/api/blast/claim', { tokens: token }, { token: bob });
    expect(claim.body.data.claimed).toEqual([id]);
    const history = await call(portal, 'GET', '/api/blast/tasks', undefined, { token: bob });
    expect(history.body.data.list.find((t: { id: string }) => t.id === id)).toMatchObject({ method: 'biochem', call: { name: 'Enterobacter cloacae complex' } });
    expect((await call(portal, 'GET', `/api/blast/tasks/${id}`)).status).toBe(404);
    expect((await call(portal, 'GET', `/api/blast/tasks/${id}`, undefined, { token: bob })).body.data.anonymous).toBe(false);
  });
});
