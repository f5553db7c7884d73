import { describe, expect, it } from 'vitest';
import { csvField, csvRow, spreadsheetCell, spreadsheetText, tsvRow } from '@mdc/contracts';

describe('spreadsheet cells cannot run as formulas', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ['+cmd', "'+cmd"],
    ['-cmd', "'-cmd"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['\n=1+1', "'\n=1+1"],
  ])('neutralises %j', (text, safe) => {
    expect(spreadsheetText(text)).toBe(safe);
  });

  it.each(['-1', '+2', '-0.5', '-.5', '1e-3', '-1E+5', '16', '<=0.5', '>16', 'Escherichia coli', 'a=b', '', '≥ 16'])('keeps %j as it is', (text) => {
    expect(spreadsheetText(text)).toBe(text);
  });

  it('drops bidirectional controls, so that no cell shows its text reversed (issue 28)', () => {
    expect(spreadsheetText('invoice\u202Etxt.exe')).toBe('invoicetxt.exe');
    expect(spreadsheetText('\u202E=1+1')).toBe("'=1+1");
    expect(csvRow(['\u2066a\u2069', '\u200Fb\u200E', 'c\u061C', 'שלום'])).toBe('a,b,c,שלום');
    expect(tsvRow(['\u202Ax\u202C', '\u202Dy\u202B'])).toBe('x\ty');
  });

  it('leaves numbers, dates and empty cells of Excel rows alone', () => {
    const date = new Date(0);
    expect(spreadsheetCell(-1)).toBe(-1);
    expect(spreadsheetCell(null)).toBeNull();
    expect(spreadsheetCell(date)).toBe(date);
    expect(spreadsheetCell('=1+1')).toBe("'=1+1");
  });

  it('writes CSV fields quoted after neutralising', () => {
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvField(-1)).toBe('-1');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvRow(['-cmd', -2, '-2', 'ok'])).toBe("'-cmd,-2,-2,ok");
  });

  it('writes TSV fields without tabs or line breaks inside a cell', () => {
    expect(tsvRow(['=1+1', 'a\tb', 'c\r\nd', -3, undefined])).toBe("'=1+1\ta b\tc d\t-3\t");
    // A cell that starts with a tab is neutralised before the tab becomes a space.
    expect(tsvRow(['\t=1+1'])).toBe("' =1+1");
  });
});
