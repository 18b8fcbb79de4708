import type { ScriptTemplateRepository } from '../../../core/ports/scripts';
import { scriptTemplateSchema, type ScriptTemplate } from '../../../contract/generation';
import { defineEntity, ownedById, where } from './entity';
import { keys } from './keys';
import { countUnder, PlanCounter } from './plan-counter';
import type { TableRef } from './table';

const prefix = keys.scriptTemplate('');

export const scriptTemplateEntity = defineEntity<ScriptTemplate>({
  type: 'ScriptTemplate',
  schema: scriptTemplateSchema,
  ...ownedById(keys.scriptTemplate),
  export: { file: 'script-templates.json' },
});

/** Script templates under `USER#<id>` / `STEMPLATE#<ulid>`, counted by `COUNT#STEMPLATES` (plan-counter.ts). */
export class DynamoScriptTemplateRepository implements ScriptTemplateRepository {
  private readonly counter: PlanCounter;

  constructor(private readonly table: TableRef) {
    this.counter = new PlanCounter(table, keys.scriptTemplateCount, countUnder(table, prefix));
  }

  async create(template: ScriptTemplate, limit: number): Promise<boolean> {
    const put = scriptTemplateEntity.newItem(this.table, template);
    const outcome = await this.counter.change(template.userId, [put], 1, limit);
    if (outcome === 'record') throw new Error(`script template ${template.id} exists`);
    return outcome === 'written';
  }

  async list(userId: string, limit: number): Promise<ScriptTemplate[]> {
    const page = await scriptTemplateEntity.page(this.table, 'partition', { userId }, { limit });
    return page.items;
  }

  async delete(userId: string, templateId: string): Promise<boolean> {
    const remove = scriptTemplateEntity.deleteItem(this.table, { userId, id: templateId }, where.itemExists());
    return (await this.counter.change(userId, [remove], -1)) === 'written';
  }
}
