import { describe, expect, it } from 'vitest';
import { dateOrderOf, openIsolateFile, parseCollectionDate, type FileIsolate } from '../../src/lab/isolate-file';

describe('collection dates as WHONET files write them', () => {
  it('reads day-first dates with a time, ISO dates, and refuses days that do not exist', () => {
    expect(parseCollectionDate('2/1/1995 12:00:00 AM')).toBe('1995-01-02');
    expect(parseCollectionDate('14/4/2000 12:00:00 AM')).toBe('2000-04-14');
    expect(parseCollectionDate('2/1/1995', 'mdy')).toBe('1995-02-01');
    expect(parseCollectionDate('2024-03-12')).toBe('2024-03-12');
    expect(parseCollectionDate('2024/3/9 08:15')).toBe('2024-03-09');
    expect(parseCollectionDate('31/2/2024')).toBeNull();
    expect(parseCollectionDate('yesterday')).toBeNull();
  });

  it('takes a column as month-first only when its dates prove it', () => {
    expect(dateOrderOf(['2/1/1995', '14/4/2000'])).toBe('dmy');
    expect(dateOrderOf(['2/1/1995', '4/14/2000'])).toBe('mdy');
    expect(dateOrderOf(['2/1/1995', '3/4/2000'])).toBe('dmy');
  });

  it('a WHONET row gives patient, specimen, date, ward, setting and a screening mark', () => {
    const text = [
      'ROW_IDX|PATIENT_ID|SEX|AGE|WARD|DEPARTMENT|WARD_TYPE|SPEC_NUM|SPEC_DATE|SPEC_TYPE|SPEC_REAS|ORGANISM|AMP_ND10',
      '0|P1|f|34|icu1|icu|icu|S1|3/4/2024 12:00:00 AM|bl||eco|6',
      '1|P2|m||op|out|out|S2|4/13/2024 12:00:00 AM|re|screening|sau|30',
    ].join('\n');
    const [first, second] = [...openIsolateFile(text).entries] as FileIsolate[];
    // 4/13/2024 can only be month-first, so the whole column is.
    expect(first!.context).toEqual({ collectionDate: '2024-03-04', ward: 'icu1', department: 'icu', setting: 'inpatient', sex: 'f', age: '34' });
    expect(first!.patientId).toBe('P1');
    expect(second!.context).toEqual({ collectionDate: '2024-04-13', ward: 'op', department: 'out', setting: 'outpatient', sex: 'm', screening: true });
  });
});
