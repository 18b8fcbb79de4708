import { describe, expect, it } from 'vitest';
import { keys, workflowKeys } from '../../functions/adapters/aws/dynamo/keys';
import { exportFiles, ownedRecordOf } from '../../functions/adapters/aws/dynamo/entities';
import { exportDocuments } from '../../functions/core/accounts/data-export';

describe('plan counters in an export', () => {
  it('stay out of every file: only the records they count are exported', () => {
    const counters = [workflowKeys.templateCount, workflowKeys.activeScheduleCount, keys.scriptTemplateCount, keys.voiceClones];
    const records = [
      ...counters.map((sk) => ({ pk: 'USER#u1', sk, type: 'PlanCounter', count: 3 })),
      // Written before records stored their type: recognised by their sort keys.
      { pk: 'USER#u1', sk: workflowKeys.template('t1'), id: 't1', name: 'Focus' },
      { pk: 'USER#u1', sk: workflowKeys.schedule('s1'), id: 's1', isActive: true },
    ].map(ownedRecordOf);
    const documents = exportDocuments(records, exportFiles);
    const text = JSON.stringify(documents);
    expect(text).not.toContain('PlanCounter');
    expect(text).not.toContain('COUNT#');
    expect(documents.find((document) => document.name === 'video-templates.json')?.value).toEqual([{ id: 't1', name: 'Focus' }]);
    expect(documents.find((document) => document.name === 'automation-schedules.json')?.value).toEqual([{ id: 's1', isActive: true }]);
  });
});
