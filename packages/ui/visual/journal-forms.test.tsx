// Screenshot baselines of the forms builder (issue 12): the list of forms and the editor in
// their main states. Each story runs its loaders (MSW with the story's handlers) and is shot
// once its data is on screen, without its play function. The page is 800 × 600.
import { describe, test } from 'vitest';
import { holdStill, mountStory, shoot } from './shoot';
import { resetMockState } from '@halsa/api/mocks';
import * as editor from '../src/screens/journal/form-editor/form-editor.stories';
import { withEveryTypeForm } from '../src/screens/journal/form-editor/story-setup';
import * as templates from '../src/screens/journal/form-templates/form-templates.stories';

// The editor skips painting off-screen sections; a full-height shot needs them all.
holdStill('* { content-visibility: visible !important; }');

/** The stories shot, each with the text that says its data has arrived. */
const shots: [string, Record<string, unknown>, string, string][] = [
  ['journalformular', templates, 'Lista', 'Kostdagbok'],
  ['journalformular', templates, 'Tom', 'Inga formulär ännu.'],
  ['journalformular', templates, 'Fel', 'Misslyckades att hämta formulär'],
  ['formularredigerare', editor, 'AllaFragetyper', 'Ändringar sparas automatiskt.'],
  ['formularredigerare', editor, 'Publicerat', 'Publicerat'],
  ['formularredigerare', editor, 'LaddaFel', 'Misslyckades att ladda formulär.'],
];

for (const [group, module, name, ready] of shots) {
  describe(group, () => {
    test(name, async () => {
      resetMockState();
      withEveryTypeForm();
      // The top of the screen, within the 800 × 600 page: below it the shot is not painted.
      await shoot(
        await mountStory(module, name, ready, {
          containerCss: 'max-height: 600px; overflow: hidden',
        }),
      );
    });
  });
}
