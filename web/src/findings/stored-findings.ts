/** The findings stored with a run of a report (RunJson.findings), or null for a report stored before them. */
export { storedRunFindings as storedFindings } from '../../../shared/report/run-data.js';
