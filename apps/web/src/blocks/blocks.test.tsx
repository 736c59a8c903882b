// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, Form, Input } from 'antd';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/client.ts';
import { translateCatalogue } from '../app/messages.ts';
import { requiredText } from '../features/auth/form-rules.ts';
import { labelFieldPath } from '../features/monitor/common/catalogue-text.ts';
import { ConsoleTable, PagedTable } from './ConsoleTable.tsx';
import { headerWidth } from './column-fit.ts';
import { ConfirmButton } from './confirm-action.tsx';
import { DetailDrawer } from './DetailDrawer.tsx';
import { FilterBar } from './filters.tsx';
import { FormDialog } from './FormDialog.tsx';
import type { PageOf, PageRequest } from './paging.ts';
import { usePagedQuery } from './use-paged-query.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // Tables watch their size; jsdom lays nothing out.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // antd reads the media queries of the screen; jsdom has none.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
});

let root: Root | undefined;
const unhandled: unknown[] = [];
const onUnhandled = (event: PromiseRejectionEvent) => unhandled.push(event.reason);
const onProcessUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  window.removeEventListener('unhandledrejection', onUnhandled);
  process.off('unhandledRejection', onProcessUnhandled);
  unhandled.length = 0;
});

function render(node: ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root!.render(
      <QueryClientProvider client={client}>
        <AntApp>{node}</AntApp>
      </QueryClientProvider>,
    ),
  );
}

const text = () => document.body.textContent ?? '';
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const okButton = () => document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary');
const click = (element: HTMLElement | null | undefined) => act(() => element?.click());
const type = (input: HTMLInputElement, value: string) =>
  act(() => {
    // React follows the native value setter, as a person's typing goes through it.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called on the input itself
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

const nameSchema = z.object({ name: z.string({ error: 'catalogue:1001' }).min(1, 'catalogue:1001') });

function NameDialog({ submit }: { submit: (values: { name?: string }) => Promise<unknown> }) {
  return (
    <FormDialog<{ name?: string }>
      title="Name"
      name="named"
      schema={nameSchema}
      submit={submit}
      onClose={() => undefined}
    >
      {({ ruleFor }) => (
        <Form.Item name="name" label="Name" rules={ruleFor(['name'])}>
          <Input />
        </Form.Item>
      )}
    </FormDialog>
  );
}

describe('the form dialog', () => {
  it('asks for a blank input in the catalogue words on an empty submit, without calling or throwing', async () => {
    window.addEventListener('unhandledrejection', onUnhandled);
    process.on('unhandledRejection', onProcessUnhandled);
    const submit = vi.fn(() => Promise.resolve());
    render(<NameDialog submit={submit} />);
    click(okButton());
    const asked = requiredText(labelFieldPath('name', 'zh-CN'), 'zh-CN');
    await vi.waitFor(() => expect(text()).toContain(asked));
    expect(submit).not.toHaveBeenCalled();
    expect(unhandled).toEqual([]);
  });

  it('spins while saving and shows a refusal on the input the platform named', async () => {
    let refuse: (error: unknown) => void = () => undefined;
    const submit = vi.fn(() => new Promise((_resolve, reject) => (refuse = reject)));
    render(<NameDialog submit={submit} />);
    type(document.querySelector<HTMLInputElement>('#named_name')!, 'Line 1');
    click(okButton());
    await vi.waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'Line 1' }, expect.anything()));
    await vi.waitFor(() => expect(okButton()?.className).toContain('ant-btn-loading'));
    act(() => refuse(new ApiError('1002', 'bad', 'name', { field: 'name' })));
    await vi.waitFor(() => expect(okButton()?.className).not.toContain('ant-btn-loading'));
    const item = document.querySelector('#named_name')?.closest('.ant-form-item');
    await vi.waitFor(() =>
      expect(item?.textContent).toContain(
        translateCatalogue('1002', 'zh-CN', { field: labelFieldPath('name', 'zh-CN') }),
      ),
    );
  });

  it('shows a refusal that names no input above the form', async () => {
    const submit = vi.fn(() => Promise.reject(new ApiError('1603', 'later')));
    render(<NameDialog submit={submit} />);
    type(document.querySelector<HTMLInputElement>('#named_name')!, 'Line 1');
    click(okButton());
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(
        translateCatalogue('1603', 'zh-CN'),
      ),
    );
  });
});

interface Row {
  id: string;
  name: string;
}

function Paged({ fetch }: { fetch: (paging: PageRequest) => Promise<PageOf<Row>> }) {
  const paged = usePagedQuery<Row>({ queryKey: ['rows'], fetch });
  return (
    <PagedTable<Row>
      paged={paged}
      testId="rows"
      emptyText="No rows"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
    />
  );
}

describe('the paged table', () => {
  it('shows the total and asks the platform for the page chosen', async () => {
    const fetch = vi.fn((paging: PageRequest) =>
      Promise.resolve({
        list: [{ id: `row-${paging.page}`, name: `Row of page ${paging.page}` }],
        total: 25,
        ...paging,
      }),
    );
    render(<Paged fetch={fetch} />);
    await vi.waitFor(() => expect(text()).toContain('Row of page 1'));
    expect(text()).toContain('共 25 条');
    click(document.querySelector<HTMLElement>('.ant-pagination-item-2'));
    await vi.waitFor(() => expect(text()).toContain('Row of page 2'));
    expect(fetch).toHaveBeenLastCalledWith({ page: 2, pageSize: 10 });
  });

  it('says what an empty list means, and a failed load in the catalogue words', async () => {
    render(<Paged fetch={() => Promise.resolve({ list: [], total: 0 })} />);
    await vi.waitFor(() => expect(text()).toContain('No rows'));
    act(() => root?.unmount());
    render(<Paged fetch={() => Promise.reject(new ApiError('1603', 'later'))} />);
    await vi.waitFor(() =>
      expect(byTestId('rows-error')?.textContent).toBe(translateCatalogue('1603', 'zh-CN')),
    );
  });

  it('gives every column at least its header width and scrolls under the fixed actions', () => {
    render(
      <ConsoleTable<Row>
        rows={[{ id: '1', name: 'a' }]}
        emptyText="—"
        columns={[
          { title: '最后上线时间', dataIndex: 'name', width: 40 },
          { title: '操作', key: 'actions', width: 100, fixed: 'right', render: () => 'x' },
        ]}
      />,
    );
    const widths = [...document.querySelectorAll('colgroup col')].map(
      (col) => (col as HTMLElement).style.width,
    );
    expect(widths).toEqual([`${headerWidth({ title: '最后上线时间' })}px`, '100px']);
    const table = document.querySelector<HTMLElement>('.ant-table-content table');
    expect(table?.style.width).toBe(`${headerWidth({ title: '最后上线时间' }) + 100}px`);
  });
});

describe('the confirm-and-run action', () => {
  it('runs after the confirmation and toasts its success', async () => {
    const run = vi.fn(() => Promise.resolve('done'));
    const onDone = vi.fn();
    render(
      <ConfirmButton
        label="Delete"
        testId="delete"
        title="Delete it?"
        run={run}
        successText="Deleted"
        onDone={onDone}
      />,
    );
    click(byTestId('delete'));
    expect(run).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    click(document.querySelector<HTMLElement>('.ant-modal-confirm .ant-btn-dangerous'));
    await vi.waitFor(() => expect(text()).toContain('Deleted'));
    expect(onDone).toHaveBeenCalledWith('done');
  });

  it('toasts a failure in the catalogue words and throws nothing', async () => {
    window.addEventListener('unhandledrejection', onUnhandled);
    process.on('unhandledRejection', onProcessUnhandled);
    const onDone = vi.fn();
    render(
      <ConfirmButton
        label="Delete"
        testId="delete"
        title="Delete it?"
        run={() => Promise.reject(new ApiError('1603', 'later'))}
        onDone={onDone}
      />,
    );
    click(byTestId('delete'));
    await vi.waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    click(document.querySelector<HTMLElement>('.ant-modal-confirm .ant-btn-dangerous'));
    await vi.waitFor(() =>
      expect(document.querySelector('.ant-message')?.textContent).toContain(
        translateCatalogue('1603', 'zh-CN'),
      ),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(unhandled).toEqual([]);
  });
});

describe('the detail drawer', () => {
  it('shows a skeleton while loading, then its labelled values', () => {
    render(
      <DetailDrawer
        title="Detail"
        loading
        onClose={() => undefined}
        items={[{ key: 'a', label: 'SN', children: 'GW-1' }]}
      />,
    );
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(text()).not.toContain('GW-1');
    act(() => root?.unmount());
    render(
      <DetailDrawer
        title="Detail"
        onClose={() => undefined}
        items={[{ key: 'a', label: 'SN', children: 'GW-1' }]}
      />,
    );
    expect(text()).toContain('GW-1');
  });
});

describe('the filter bar', () => {
  it('hands what was typed to the screen, and no filter after a reset', async () => {
    const onSearch = vi.fn();
    render(
      <FilterBar<{ sn?: string; owner?: string }>
        name="filters"
        onSearch={onSearch}
        searchTestId="filters-search"
        fields={[
          { name: 'sn', kind: 'text', width: 150, placeholder: 'SN' },
          { name: 'owner', kind: 'search', width: 150, placeholder: 'Owner' },
        ]}
      />,
    );
    const sn = document.querySelector<HTMLInputElement>('#filters_sn');
    expect(sn).not.toBeNull();
    type(sn!, 'GW-7');
    click(byTestId('filters-search'));
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]?.[0]).toMatchObject({ sn: 'GW-7' });
    click([...document.querySelectorAll<HTMLButtonElement>('form#filters button')].at(-1));
    expect(onSearch).toHaveBeenLastCalledWith({});
  });
});
