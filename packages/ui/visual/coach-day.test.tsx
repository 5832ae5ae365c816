// Screenshot baselines of the new states of issue 35 (design §4.7, §4.20) at 320, 360 and 1280 px:
// the client's values for her coach (the Lab Resultat tab's block), the emergency-access banner
// on her page, 'Logguppföljning' cards that say what was read, and 'Vem har läst mina uppgifter'
// with an emergency access and with lists and logs. Each story runs its loaders and beforeEach
// (MSW) and is shot whole once its data is on screen, without its play function; the clock
// stands at the mocks' "now".
import { holdStill, shootAtWidths, type WidthShot } from './shoot';
import * as review from '../src/screens/activity/review/review.stories';
import * as careTeam from '../src/screens/clients/client-pages/client-pages.care-team.stories';
import * as clientLab from '../src/screens/lab-results/client-lab-results/client-lab-results.stories';
import * as accessLog from '../src/screens/profile/my-account/access-log.stories';

holdStill();

const shots: WidthShot[] = [
  // her files come last, after every trend card (issue 39)
  ['personal-provsvar', clientLab, 'PersonalSerVarden', 'Filer'],
  ['nodatkomst-banner', careTeam, 'NodatkomstOppen', 'Avsluta nu'],
  ['logguppfoljning', review, 'Lista', 'provsvar, klientöversikt och journal'],
  ['vem-har-last', accessLog, 'MedNodatkomst', 'Skäl: Akut vårdbehov'],
];

shootAtWidths(shots);
