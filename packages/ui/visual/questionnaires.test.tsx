// Screenshot baselines of the client's questionnaires (design §4.19, issue 36) at 320, 360 and
// 1280 px: her list (open and answered, and none), a questionnaire being filled in, and one she
// has sent in. Each story runs its loaders and beforeEach (MSW) and is shot whole once its data
// is on screen, without its play function; the clock stands at the mocks' "now". Nothing may
// be wider than the phone.
import { holdStill, shootAtWidths, type WidthShot } from './shoot';
import * as answer from '../src/screens/questionnaires/answer-questionnaire/answer-questionnaire.stories';
import * as list from '../src/screens/questionnaires/my-questionnaires/my-questionnaires.stories';

holdStill();

const shots: WidthShot[] = [
  ['enkater', list, 'OppnaOchBesvarade', 'Uppföljning efter hälsokontroll'],
  ['enkater-tom', list, 'Tom', 'Du har inga enkäter'],
  ['enkat-fyll-i', answer, 'FyllerI', 'Övrigt du vill att vi känner till'],
  ['enkat-inskickad', answer, 'Inskickad', '3–4 dagar i veckan'],
];

shootAtWidths(shots);
