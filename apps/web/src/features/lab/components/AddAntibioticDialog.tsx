import { Alert, Button, Checkbox, Empty, Input, Spin, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '../../../components/dialog/Dialog';
import { useLocale } from '../../../lib/i18n/hooks';
import { labApi, type DrugProposal } from '../api';
import { useLabText } from '../i18n';

export interface ProposalQuery {
  organism: string;
  method: string;
  guideline: string;
  year?: number;
  site?: string;
}

export function drugLabel(d: { name: string; nameZh: string | null }, locale: 'zh' | 'en'): string {
  return locale === 'zh' && d.nameZh ? d.nameZh : d.name;
}

/**
 * "Add antibiotic": the drugs with a breakpoint for the organism and method under the chosen
 * guideline and year, the organism group's usual panel first (tagged), with a filter.
 */
export function AddAntibioticDialog({
  open,
  query,
  chosen,
  onCancel,
  onOk,
}: {
  open: boolean;
  query: ProposalQuery | null;
  /** Codes already on the form: shown ticked. */
  chosen: readonly string[];
  onCancel: () => void;
  onOk: (drugs: DrugProposal[]) => void;
}) {
  const text = useLabText();
  const locale = useLocale();
  const [list, setList] = useState<DrugProposal[] | null>(null);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const key = query ? JSON.stringify(query) : '';

  useEffect(() => {
    if (!open || !query) return;
    let live = true;
    setList(null);
    setFilter('');
    setSelected(new Set(chosen));
    labApi
      .antibiotics(query)
      .then((envelope) => {
        if (live) setList(envelope.code === 0 ? envelope.data.list : []);
      })
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
    // The chosen codes are read when the dialog opens, not followed while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, key]);

  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!list) return [];
    if (!q) return list;
    return list.filter((d) => d.code.toLowerCase().includes(q) || d.name.toLowerCase().includes(q) || (d.nameZh ?? '').includes(q));
  }, [list, filter]);

  const toggle = (code: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  return (
    <Dialog
      open={open}
      title={text.add.title}
      onCancel={onCancel}
      width={640}
      destroyOnHidden
      footer={[
        <span key="count" className="mdc-lab__muted" style={{ marginRight: 12 }} data-testid="add-count">
          {text.add.selected(selected.size)}
        </span>,
        <Button key="cancel" onClick={onCancel}>
          {text.add.cancel}
        </Button>,
        <Button
          key="ok"
          type="primary"
          data-testid="add-ok"
          disabled={!list}
          onClick={() => onOk((list ?? []).filter((d) => selected.has(d.code)))}
        >
          {text.add.ok}
        </Button>,
      ]}
    >
      <div data-testid="add-antibiotic-dialog">
        <div className="mdc-lab__bar">
          <Input.Search
            allowClear
            placeholder={text.add.search}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ flex: '1 1 220px' }}
            data-testid="add-filter"
          />
          <Button
            onClick={() => setSelected((current) => new Set([...current, ...(list ?? []).filter((d) => d.usual).map((d) => d.code)]))}
            disabled={!list?.some((d) => d.usual)}
            data-testid="add-usual"
          >
            {text.add.selectUsual}
          </Button>
          <Button onClick={() => setSelected(new Set())}>{text.add.clear}</Button>
        </div>
        {!list ? (
          <div style={{ padding: 40, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : list.length === 0 ? (
          <Alert type="info" showIcon message={text.add.empty} />
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <div className="mdc-drugs" role="list">
            {shown.map((d) => (
              <div
                key={d.code}
                role="listitem"
                className="mdc-drugs__item"
                data-testid="drug-option"
                data-code={d.code}
                onClick={() => toggle(d.code)}
              >
                <Checkbox checked={selected.has(d.code)} onClick={(e) => e.stopPropagation()} onChange={() => toggle(d.code)} />
                <div className="mdc-drugs__main">
                  <div>
                    <span className="mdc-drugs__name">{drugLabel(d, locale)}</span>
                    <span className="mdc-lab__code">{d.code}</span>
                    {d.usual && (
                      <Tag color="green" style={{ marginLeft: 8 }}>
                        {text.add.usual}
                      </Tag>
                    )}
                    {d.expectedResistant && (
                      <Tag color="red" title={text.add.intrinsicHint}>
                        {text.form.intrinsic}
                      </Tag>
                    )}
                  </div>
                  <div className="mdc-drugs__bp">
                    {d.breakpointText} · {d.breakpoint.guideline} {d.breakpoint.year} · {d.matchedGroup[locale]}
                  </div>
                </div>
              </div>
            ))}
          </div>
        )}
      </div>
    </Dialog>
  );
}
