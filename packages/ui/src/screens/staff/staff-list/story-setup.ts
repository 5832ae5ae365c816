// What the /staff story files share: the screen at its route on the stories' clock, the staff
// fixtures, and a person's table row by the name that heads it.
import { within } from 'storybook/test';
import { addStaffFixtures } from '@halsa/api/mocks';
import { STORY_NOW } from '../../../testing';
import { StaffScreen } from './staff-list';

/** `component`, `args` and `parameters` of every /staff story file's meta. */
export const staffStory = {
  component: StaffScreen,
  args: { now: STORY_NOW },
  parameters: { route: { path: '/staff', url: '/staff' } },
};

/** The extra people of /staff's stories (a locked account, a coach without clients…). */
export const withStaffFixtures = () => {
  addStaffFixtures();
};

/** The whole page, dialogs included (they are portalled out of the canvas). */
export const body = () => within(document.body);

/** The table row of a person, by the name that heads it. */
export const rowOf = async (canvas: ReturnType<typeof within>, name: string | RegExp) =>
  within((await canvas.findByRole('rowheader', { name })).closest('tr')!);
