/**
 * A product's reports (the product report tab): list with capacity used/total (§8 1511), add, edit,
 * delete. Each report is checked against the product's variables (2301–2303), its name is unique
 * in the product (2304) and its condition or expression compiles with `@lyyp/formula` over the
 * product's variable keys (1508). An edit drops what was computed, so the report is computed again.
 */
import { CatalogueError } from '@lyyp/contracts';
import {
  checkReportCapacity,
  findReportIssues,
  reportTriggerFormula,
  type ReportDefinition,
  type ReportListAnswer,
} from '@lyyp/contracts/report';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import { formulaErrorParams, validateFormula } from '@lyyp/formula';
import { newId } from '../../lib/ids.ts';
import type { Caller } from '../device/viewer.ts';
import type { ProductService } from '../product/product.service.ts';
import type { ReportRepository } from './report.repository.ts';

export interface ReportConfigDeps {
  readonly repository: ReportRepository;
  readonly products: Pick<ProductService, 'requireFor' | 'capacityOf'>;
}

export class ReportConfigService {
  constructor(private readonly deps: ReportConfigDeps) {}

  async list(caller: Caller, productId: string): Promise<ReportListAnswer> {
    const product = await this.deps.products.requireFor(caller, 'report.definitionView', productId);
    const reports = await this.deps.repository.reportsOf(productId);
    const { reports: total } = await this.deps.products.capacityOf(product);
    return { productId, reports, capacity: { used: reports.length, total } };
  }

  private async check(caller: Caller, productId: string, model: DeviceModel, report: ReportDefinition) {
    const [issue] = findReportIssues(report, model.variables);
    if (issue) throw new CatalogueError(issue.code, { ...issue.params, field: issue.path.join('.') });
    const formula = reportTriggerFormula(report);
    if (report.storageMode === 'expression' && formula !== null) {
      const error = validateFormula(
        formula,
        model.variables.map((variable) => variable.key),
      );
      if (error)
        throw new CatalogueError(error.code, {
          ...formulaErrorParams(error, caller.locale),
          field: 'expression',
        });
    }
    const others = await this.deps.repository.reportsOf(productId);
    const clash = others.find((other) => other.id !== report.id && other.name.trim() === report.name.trim());
    if (clash) throw new CatalogueError('2304', { name: report.name, field: 'name' });
  }

  async add(caller: Caller, productId: string, input: ReportDefinition): Promise<ReportDefinition> {
    const product = await this.deps.products.requireFor(caller, 'report.definitionEdit', productId);
    const { reports: capacity } = await this.deps.products.capacityOf(product);
    const refusal = checkReportCapacity((await this.deps.repository.countReports(productId)) + 1, capacity);
    if (refusal) throw new CatalogueError(refusal);
    const report = { ...input, id: newId() };
    await this.check(caller, productId, product.model, report);
    await this.deps.repository.insertReport(productId, report);
    return report;
  }

  async edit(caller: Caller, productId: string, report: ReportDefinition): Promise<ReportDefinition> {
    const product = await this.deps.products.requireFor(caller, 'report.definitionEdit', productId);
    await this.check(caller, productId, product.model, report);
    const updated = await this.deps.repository.transaction((tx) => tx.updateReport(productId, report));
    if (!updated) throw new CatalogueError('1003');
    return report;
  }

  async delete(caller: Caller, productId: string, id: string): Promise<void> {
    await this.deps.products.requireFor(caller, 'report.definitionEdit', productId);
    if (!(await this.deps.repository.deleteReport(productId, id))) throw new CatalogueError('1003');
  }
}
