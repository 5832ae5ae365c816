/** The four groups of daily health tips (spec §9). */
export type HealthTipGroup = 'nutrition' | 'movement' | 'sleep' | 'mind';

export interface HealthTip {
  group: HealthTipGroup;
  /** One or two sentences of practical, general advice in Swedish. */
  text: string;
}

/** Swedish label of each group, as shown on the tip card. */
export const healthTipGroupLabels: Record<HealthTipGroup, string> = {
  nutrition: 'Kost',
  movement: 'Rörelse',
  sleep: 'Sömn och återhämtning',
  mind: 'Socialt och mentalt',
};

export const healthTipGroups = Object.keys(healthTipGroupLabels) as HealthTipGroup[];

const inGroup = (group: HealthTipGroup, texts: string[]): HealthTip[] =>
  texts.map((text) => ({ group, text }));

export const nutritionTips: readonly HealthTip[] = inGroup('nutrition', [
  'Fyll halva tallriken med grönsaker, gärna i olika färger. Det är ett enkelt sätt att få i dig mer fibrer, vitaminer och mineraler.',
  'Välj fullkorn när du kan, till exempel fullkornsbröd, havregryn eller fullkornspasta. Fibrerna gör att du håller dig mätt längre.',
  'Ha en flaska vatten inom räckhåll under arbetsdagen. Vatten är den bästa törstsläckaren.',
  'Ät fisk två till tre gånger i veckan och variera gärna mellan fet och mager fisk.',
  'Byt ut en del av köttet mot bönor, linser eller kikärtor. Baljväxter ger både protein och fibrer.',
  'Ta en handfull osaltade nötter eller frön som mellanmål i stället för kakor eller godis.',
  'Börja dagen med ett mål som innehåller protein och fibrer, till exempel havregrynsgröt med kvarg eller yoghurt med bär.',
  'Drick vatten i stället för läsk och saft till maten. Sötade drycker ger mycket socker men mättar dåligt.',
  'Ät i lugn takt och lägg gärna ifrån dig besticken mellan tuggorna. Då blir det lättare att känna när du börjar bli mätt.',
  'Planera veckans middagar i förväg och skriv en inköpslista. Det gör det enklare att välja bra mat när du är trött och hungrig.',
  'Laga dubbel sats när du ändå står vid spisen och frys in några portioner. Då finns det alltid ett bra alternativ när tiden är knapp.',
  'Använd flytande matfett eller olja, som rapsolja eller olivolja, i stället för smör när du lagar mat.',
  'Smaksätt med örter, citron och peppar och dra ned på saltet. Smaklökarna brukar vänja sig efter några veckor.',
  'Jämför produkter i butiken med hjälp av Nyckelhålet. Märkningen visar alternativ med mer fullkorn och fibrer och mindre socker och salt.',
  'Ställ fram en skål med frukt på bordet eller skrivbordet. Det du ser är ofta det du äter.',
  'Välj magra och osötade mejeriprodukter, eller berikade växtbaserade alternativ.',
  'Ät på regelbundna tider under dagen. Långa uppehåll mellan måltiderna gör det lätt att bli väldigt hungrig och äta mer än du hade tänkt.',
  'Ät mindre rött kött och chark, och låt fisk, kyckling eller baljväxter ta en del av platsen på tallriken.',
  'Ha frysta bär hemma. De är ett prisvärt sätt att få smak och färg i gröten eller yoghurten året om.',
  'Servera maten på en lite mindre tallrik och ta om i stället om du fortfarande är hungrig.',
  'Ät utan skärm när det går. När du fokuserar på maten är det lättare att märka hunger och mättnad.',
  'Alkohol innehåller mycket energi. Välj gärna alkoholfria alternativ och ha flera alkoholfria dagar i veckan.',
  'Förbered mellanmål i förväg, som grönsaksstavar med hummus eller en yoghurt, så att du har något bra till hands när hungern kommer.',
  'Potatis, rotfrukter och kål är prisvärda råvaror som ger fibrer och smak till vardagsmaten året om.',
  'Ät någon grönsak till varje måltid, även frukosten. Några tomatskivor eller lite paprika på smörgåsen räcker långt.',
]);

export const movementTips: readonly HealthTip[] = inGroup('movement', [
  'Sikta på minst 150 minuters rörelse med måttlig intensitet i veckan, till exempel rask promenad. Det går bra att dela upp tiden i kortare pass.',
  'Res dig och rör på dig en stund minst en gång i timmen när du sitter still länge.',
  'Ta trapporna i stället för hissen. Det är vardagsträning som inte kräver någon extra tid.',
  'Gå eller cykla till jobbet, hela vägen eller en del av den. Du kan också kliva av bussen en hållplats tidigare.',
  'Styrketräna minst två gånger i veckan. Övningar med den egna kroppsvikten, som knäböj och armhävningar, räcker gott som start.',
  'Föreslå ett gående möte nästa gång det passar. Ett samtal går ofta lika bra under en promenad.',
  'Börja i liten skala och öka gradvis. Tio minuters promenad om dagen är en bra början om du har rört dig lite under en längre tid.',
  'Välj en aktivitet som du tycker är rolig. Det du tycker om är lättare att fortsätta med.',
  'Boka in träningen i kalendern, precis som vilket annat möte som helst.',
  'Träna balansen genom att stå på ett ben medan du borstar tänderna, och byt ben halvvägs.',
  'Ta en kort promenad efter lunchen. Det är ett enkelt sätt att få in mer rörelse och bryta långa perioder av stillasittande.',
  'Växla mellan att sitta och stå under arbetsdagen om du har ett höj- och sänkbart skrivbord.',
  'Gör några rörlighetsövningar för nacke, axlar och höfter under pauserna.',
  'Träna tillsammans med en kollega eller vän. Det blir ofta roligare och lättare att hålla fast vid planen.',
  'Använd stegräknaren i mobilen eller klockan för att se hur mycket du rör dig, och sätt ett rimligt mål utifrån det.',
  'Trädgårdsarbete, städning och lek med barnen räknas också som rörelse. Ta vara på vardagens aktiviteter.',
  'Prova intervaller på promenaden: gå snabbare i en minut, lugnare i två minuter och upprepa några gånger.',
  'Värm upp i några minuter innan du tränar hårdare och öka tempot gradvis.',
  'Lyssna på kroppen. Träningsvärk är vanligt när du börjar med något nytt, men skarp eller ihållande smärta är ett tecken på att ta det lugnare och vid behov rådgöra med vården.',
  'Ha ett par bekväma skor på jobbet, så är det lätt att ta en promenad på lunchen.',
  'Planera in rörelse även på fritiden, till exempel en promenad i naturen eller en cykeltur med familjen.',
  'Gör några knäböj eller tåhävningar medan du väntar på att kaffet ska bli klart.',
  'Sätt upp ett konkret mål, som att gå 30 minuter fem dagar i veckan, och följ upp det i slutet av veckan.',
  'Låt en del av träningen vara lätt. Återhämtningen mellan passen är också en del av träningen.',
  'Ställ papperskorgen eller vattenflaskan en bit bort från skrivbordet, så får du anledning att resa dig oftare.',
]);

export const sleepTips: readonly HealthTip[] = inGroup('sleep', [
  'Försök gå och lägga dig och stiga upp ungefär samma tid varje dag, även på helgerna.',
  'De flesta vuxna mår bra av sju till nio timmars sömn per natt. Planera kvällen så att det finns tid för det.',
  'Lägg undan mobilen och andra skärmar en stund innan du ska sova och gör något lugnt i stället, som att läsa en bok.',
  'Håll sovrummet svalt, mörkt och tyst. En sovmask eller öronproppar kan hjälpa om det är svårt att ordna.',
  'Undvik kaffe, te och energidrycker sent på eftermiddagen och kvällen. Koffeinet kan påverka dig i flera timmar.',
  'Gå ut i dagsljus en stund på förmiddagen. Ljuset hjälper kroppens inre klocka att hålla takten.',
  'Om du inte har somnat efter ungefär 20 minuter kan du gå upp en stund och göra något lugnt tills du känner dig sömnig igen.',
  'Ta korta pauser under arbetsdagen. Några minuter bort från skärmen ger huvudet en chans att återhämta sig.',
  'Om du tar en tupplur, håll den kort, runt 20 minuter, och lägg den inte för sent på dagen.',
  'Undvik att äta en stor måltid precis innan du ska sova. Ett lätt kvällsmål går bra om du är hungrig.',
  'Skapa en kvällsrutin, till exempel en dusch, en kopp örtte och en stund med en bok, som signalerar att det är dags att varva ned.',
  'Skriv ned det du behöver komma ihåg till i morgon innan du går och lägger dig, så slipper du bära det i huvudet.',
  'Alkohol kan göra det lättare att somna, men sömnen blir ofta oroligare senare under natten.',
  'Planera in återhämtning i kalendern på samma sätt som möten och träning.',
  'Andas lugnt i några minuter när du känner dig stressad, till exempel in på fyra sekunder och ut på sex.',
  'Dra en tydlig gräns mellan arbete och fritid, till exempel genom att stänga av aviseringarna från jobbmejlen på kvällen.',
  'Använd sängen till sömn och vila, inte till arbete eller tv-serier. Då kopplar hjärnan ihop sängen med sömn.',
  'Rör på dig under dagen, men undvik hård träning precis före sänggåendet.',
  'Vila är mer än sömn. Gör något som ger dig energi varje dag, som att lyssna på musik, vara ute i naturen eller ägna dig åt en hobby.',
  'Om du ofta vaknar trött trots att du har legat länge i sängen, eller om någon märker att du snarkar och gör andningsuppehåll, ta upp det med din vårdkontakt.',
  'Vänd bort klockan från sängen om du lätt börjar räkna timmar när du vaknar på natten.',
  'Dämpa belysningen hemma en stund innan läggdags, så får kroppen en signal om att kvällen är här.',
  'Lär dig känna igen dina tidiga stressignaler, som spända axlar eller kortare tålamod, och se dem som en påminnelse om att pausa.',
  'Försök att inte sova mycket längre än vanligt på helgen. Stora skillnader i sovtider kan göra det svårare att somna på söndagskvällen.',
  'Prova en avslappningsövning före sänggåendet: spänn och slappna av musklerna, en kroppsdel i taget.',
]);

export const mindTips: readonly HealthTip[] = inGroup('mind', [
  'Hör av dig till en vän eller släkting som du inte har pratat med på länge. Ett kort meddelande räcker.',
  'Ät lunch tillsammans med kollegor i stället för ensam vid skrivbordet.',
  'Skriv ned tre saker som har gått bra i dag, stora som små.',
  'Ge någon en uppriktig komplimang eller tacka för något som du uppskattar.',
  'Avsätt tid för något du tycker om att göra, bara för din egen skull.',
  'Säg nej ibland. Att prioritera det viktigaste är ett sätt att ta hand om både dig själv och dina åtaganden.',
  'Ta en stund i naturen, i en park eller i skogen. Det kan vara ett bra sätt att koppla av.',
  'Begränsa tiden i sociala medier om du märker att du mår sämre av dem, och stäng av aviseringar som inte behövs.',
  'Dela upp stora uppgifter i mindre steg och bocka av dem efterhand. Då blir det lättare att komma igång.',
  'Stanna upp en stund och lägg märke till fem saker du ser, fyra saker du kan känna och tre saker du hör.',
  'Prata med någon du litar på när något känns tungt. Att sätta ord på det som är svårt kan göra det lättare att hantera.',
  'Engagera dig i något tillsammans med andra, som en förening, en kör eller ideellt arbete.',
  'Gör en sak i taget. Att ständigt växla mellan uppgifter gör det svårare att koncentrera sig.',
  'Var lika vänlig mot dig själv som du skulle vara mot en god vän när något går fel.',
  'Planera in något att se fram emot, till exempel en middag med vänner eller en utflykt.',
  'Lyssna aktivt när någon pratar med dig: ställ frågor och låt mobilen ligga.',
  'Lär dig något nytt, som ett språk, ett instrument eller ett hantverk. Att utvecklas kan ge både glädje och självförtroende.',
  'Hjälp någon annan, till exempel en granne eller en kollega. Att göra något för andra kan ge en känsla av mening.',
  'Ta en paus från nyhetsflödet om det tar mycket energi. Det går att hålla sig informerad utan att följa allt hela tiden.',
  'Unna dig något som får dig att skratta, som en komedi eller en pratstund med en vän med humor.',
  'Om oron håller dig vaken, avsätt en kort stund tidigare på dagen för att skriva ned vad du oroar dig för och vad du kan göra åt det.',
  'Uppmärksamma framsteg, även små. Att se det som går framåt gör det lättare att hålla motivationen uppe.',
  'Om du känner dig nedstämd, orolig eller stressad under en längre tid, ta det på allvar och prata med din vårdkontakt.',
  'Umgås med människor som ger dig energi, och ge dig själv lov att dra ned på det som mest tar energi.',
  'Summera arbetsdagen i några minuter innan du går hem och planera morgondagen. Det gör det lättare att lämna jobbet på jobbet.',
]);

/** Interleaves the groups so consecutive days bring tips from different groups. */
function interleave(...lists: ReadonlyArray<readonly HealthTip[]>): HealthTip[] {
  const longest = Math.max(...lists.map((list) => list.length));
  const out: HealthTip[] = [];
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const tip = list[i];
      if (tip) out.push(tip);
    }
  }
  return out;
}

/** All daily tips in rotation order: kost, rörelse, sömn och återhämtning, socialt och mentalt, … */
export const dailyTips: readonly HealthTip[] = interleave(
  nutritionTips,
  movementTips,
  sleepTips,
  mindTips,
);
