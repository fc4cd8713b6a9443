import block from '../../../schemas/meta/block.schema.json';
import codeTable from '../../../schemas/meta/code-table.schema.json';
import dashboard from '../../../schemas/meta/dashboard.schema.json';
import dashboardRules from '../../../schemas/meta/dashboard-rules.schema.json';
import fieldSchema from '../../../schemas/meta/field-schema.schema.json';
import ruleFile from '../../../schemas/meta/rule-file.schema.json';

/** The meta-schemas, one per kind of metadata file; bundled so lint needs no file access. */
export const metaSchemas = { codeTable, block, fieldSchema, ruleFile, dashboard, dashboardRules } as const;
