import type { ReactNode } from 'react';
import { useScrollToTopOnMount } from './use-scroll-to-top-on-mount';

export interface TermsOfUseProps {
  /** Extra classes for the outer wrapper, e.g. spacing from the surrounding layout. */
  className?: string;
}

interface SectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

function Section({ id, title, children }: SectionProps) {
  return (
    <section aria-labelledby={id} className="mt-10 first-of-type:mt-8">
      <h2 id={id} className="text-xl font-semibold text-fg sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

function SubSection({ id, title, children }: SectionProps) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h3 id={id} className="text-lg font-semibold text-fg">
        {title}
      </h3>
      <div className="mt-2 space-y-4">{children}</div>
    </section>
  );
}

/**
 * 'Slutanvändaravtal' — the end-user agreement of spec §2.3, shown at /terms-of-use.
 * Scrolls smoothly to the top when it opens (instantly if the user prefers reduced motion).
 */
export function TermsOfUse({ className }: TermsOfUseProps) {
  useScrollToTopOnMount();

  return (
    <div className={['bg-surface px-4 py-8 sm:px-6 sm:py-12', className].filter(Boolean).join(' ')}>
      <article
        aria-labelledby="slutanvandaravtal-rubrik"
        className="mx-auto max-w-prose text-base leading-relaxed text-fg"
      >
        <header>
          <h1
            id="slutanvandaravtal-rubrik"
            className="text-2xl font-bold tracking-tight text-fg sm:text-3xl"
          >
            Slutanvändaravtal
          </h1>
          <div className="mt-4 space-y-4">
            <p>
              Det här avtalet gäller när du använder Hälsoportalen och de hälso- och vårdtjänster
              som tillhandahålls genom portalen. Läs igenom avtalet noga innan du godkänner det.
              Genom att godkänna avtalet bekräftar du att du har tagit del av villkoren och att du
              lämnar de fullmakter och samtycken som beskrivs nedan.
            </p>
            <p>
              I avtalet avses med ”vi”, ”oss” och ”vårdgivaren” den vårdgivare som tillhandahåller
              Hälsoportalen, och med ”du” den person som använder tjänsten. Med ”tjänsten” avses
              portalen tillsammans med den hälsorådgivning, provtagning och uppföljning som ingår i
              ditt avtal.
            </p>
          </div>
        </header>

        <Section id="avtal-1" title="1. Fullmakt">
          <p>
            För att vi ska kunna samordna din hälsoplan på ett smidigt sätt behöver vi i vissa fall
            kunna agera för din räkning. Fullmakten i detta avsnitt är begränsad till de ändamål som
            anges nedan och gäller så länge avtalet gäller.
          </p>

          <SubSection id="avtal-1-1" title="1.1 Begränsad fullmakt">
            <p>
              Du ger oss en begränsad fullmakt att för din räkning beställa kosttillskott,
              mätutrustning som bärs på kroppen (så kallade wearables), blodprover och annat som vi,
              utifrån din hälsoplan, bedömer som nödvändigt för att kunna genomföra tjänsten.
            </p>
            <p>
              Fullmakten omfattar även rätten att för din räkning skapa konton i de vårdsystem som
              behövs för att genomföra provtagning, ta emot provsvar och följa upp dina resultat. Vi
              skapar endast de konton som tjänsten kräver och informerar dig om vilka konton som har
              skapats i ditt namn.
            </p>
            <p>
              Fullmakten ger oss inte rätt att ingå andra avtal för din räkning eller att företräda
              dig i andra sammanhang än dem som anges i denna punkt.
            </p>
          </SubSection>

          <SubSection id="avtal-1-2" title="1.2 Kostnader och egna tillägg">
            <p>
              Om en beställning medför en extra kostnad för dig, eller om priset ligger utanför det
              som ingår i ditt avtal, krävs ditt särskilda medgivande innan beställningen görs. Vi
              informerar dig i förväg om vad beställningen avser och vad den kostar, och beställer
              först när du uttryckligen har godkänt den.
            </p>
            <p>
              Du svarar själv för tillägg som du på eget initiativ beställer, till exempel
              ytterligare produkter, analyser eller tjänster utöver det som ingår i avtalet. Sådana
              tillägg betalas av dig och omfattas inte av den fullmakt som du lämnar enligt punkt
              1.1.
            </p>
          </SubSection>
        </Section>

        <Section id="avtal-2" title="2. Samtycke">
          <p>
            För att kunna ge dig en trygg och sammanhållen tjänst behöver vi behandla uppgifter om
            dig och din hälsa. I detta avsnitt beskrivs vilka uppgifter det gäller, hur vi hämtar in
            dem och när de kan lämnas vidare.
          </p>
          <p>
            Du kan när som helst återkalla ditt samtycke genom att kontakta oss. Ett återkallat
            samtycke påverkar inte den behandling som redan har skett, och uppgifter som har förts
            in i din journal bevaras så länge lagen kräver.
          </p>

          <SubSection id="avtal-2-1" title="2.1 Personuppgifter och medicinska uppgifter">
            <p>
              Du samtycker till att vi behandlar dina personuppgifter, till exempel namn,
              personnummer och kontaktuppgifter, och dina medicinska uppgifter, till exempel
              provsvar, mätvärden, journalanteckningar och de uppgifter som du själv lämnar i
              portalen.
            </p>
            <p>
              Uppgifterna behandlas enligt patientdatalagen (2008:355), dataskyddsförordningen och
              den övriga lagstiftning som gäller för hälso- och sjukvården. Det innebär bland annat
              att vi för journal över din vård, att uppgifterna skyddas mot obehörig åtkomst och att
              endast personal som deltar i din vård, eller som av annat skäl behöver uppgifterna för
              sitt arbete, får ta del av dem. Varje gång personal läser eller ändrar uppgifter om
              dig registreras det i en logg, så att åtkomsten kan följas upp.
            </p>
            <p>
              Du har rätt att få veta vilka uppgifter vi behandlar om dig och att begära att
              felaktiga uppgifter rättas, i den utsträckning som lagen medger.
            </p>
          </SubSection>

          <SubSection id="avtal-2-2" title="2.2 Journaler från andra vårdgivare">
            <p>
              För att vi ska få en så fullständig bild som möjligt av din hälsa rekommenderar vi att
              du begär ut dina journaler från de vårdgivare som du har besökt under de senaste 12
              månaderna och delar dem med oss. Många vårdgivare låter dig läsa din journal digitalt,
              till exempel via 1177.
            </p>
            <p>
              Om du i stället vill att vi hämtar in journalerna åt dig tillkommer en extra avgift.
              Vi informerar dig om avgiften innan vi påbörjar arbetet. Du behöver då också fylla i
              och underteckna en separat fullmaktsblankett som ger oss rätt att begära ut
              journalerna för din räkning. Den begränsade fullmakten enligt punkt 1.1 omfattar
              alltså inte inhämtning av journaler.
            </p>
          </SubSection>

          <SubSection id="avtal-2-3" title="2.3 Uppgifter från tredje part">
            <p>
              Du samtycker till att vi tar emot och behandlar uppgifter om dig som vi får från
              tredje part, till exempel provsvar från laboratorier, mätvärden från wearables och
              andra anslutna tjänster samt uppgifter från andra vårdgivare.
            </p>
            <p>
              Sådana uppgifter behandlas på samma sätt och med samma skydd som de uppgifter som du
              själv lämnar till oss. Vi använder dem endast för att ge dig tjänsten, till exempel
              för att följa upp dina resultat och ta fram din handlingsplan.
            </p>
          </SubSection>

          <SubSection id="avtal-2-4" title="2.4 Utlämnande till tredje part">
            <p>
              Som huvudregel lämnar vi inte ut dina uppgifter till någon annan. Uppgifter kan dock
              lämnas ut till tredje part i följande fall:
            </p>
            <ul className="list-disc space-y-2 pl-6">
              <li>vid remiss, när du behöver undersökas eller behandlas av en annan vårdgivare,</li>
              <li>
                vid journalöverföring, när du eller en annan vårdgivare begär det och överföringen
                är tillåten enligt lag,
              </li>
              <li>
                i en nödsituation, när uppgifterna behövs för att du ska få nödvändig vård och ditt
                samtycke inte kan inhämtas,
              </li>
              <li>
                när vi har en rättslig skyldighet att lämna ut uppgifterna, till exempel enligt lag
                eller efter beslut av domstol eller myndighet.
              </li>
            </ul>
            <p>
              Vi lämnar aldrig ut fler uppgifter än vad som behövs för ändamålet. Utlämnandet sker
              på ett säkert sätt och med iakttagande av de regler om sekretess och tystnadsplikt som
              gäller inom hälso- och sjukvården.
            </p>
          </SubSection>

          <SubSection id="avtal-2-5" title="2.5 Personuppgiftsbiträden">
            <p>
              För att kunna tillhandahålla tjänsten anlitar vi leverantörer som behandlar
              personuppgifter för vår räkning, så kallade personuppgiftsbiträden. Det kan till
              exempel gälla drift och lagring i it-system, journalsystem och utskick av e-post och
              meddelanden.
            </p>
            <p>
              Personuppgiftsbiträden får endast behandla uppgifterna enligt våra instruktioner och
              under skriftliga avtal som reglerar hur uppgifterna ska skyddas. De får inte använda
              uppgifterna för egna ändamål. Vi ansvarar för att biträdena uppfyller de krav som
              lagen ställer.
            </p>
          </SubSection>
        </Section>

        <Section id="avtal-3" title="3. När någon annan har tecknat avtalet">
          <p>
            Detta avsnitt gäller när någon annan än du, till exempel din arbetsgivare, har tecknat
            avtalet om tjänsten. Du är fortfarande vår patient, och det som sägs i avsnitt 1 och 2
            gäller fullt ut även för dig.
          </p>

          <SubSection id="avtal-3-1" title="3.1 Allmänna villkor">
            <p>
              Den som har tecknat avtalet har godkänt våra allmänna villkor. Villkoren reglerar
              bland annat vad som ingår i tjänsten, hur länge den gäller och hur den betalas.
            </p>
            <p>
              Genom att använda tjänsten godkänner du att de allmänna villkoren gäller även för din
              användning, i den del de berör dig. Du hittar de allmänna villkoren via länken längst
              ned på sidan.
            </p>
          </SubSection>

          <SubSection id="avtal-3-2" title="3.2 Information om användningen av tjänsten">
            <p>
              Vi kan dela information om hur tjänsten används med den som har tecknat avtalet, till
              exempel antalet kontakter och vilken typ av kontakter det har gällt, såsom
              hälsosamtal, provtagning eller rådgivning. Informationen används för att följa upp och
              fakturera avtalet.
            </p>
            <p>
              Uppgifter om din hälsa, dina provsvar och innehållet i dina kontakter med oss omfattas
              av sekretess och lämnas inte ut till den som har tecknat avtalet med stöd av denna
              punkt.
            </p>
          </SubSection>

          <SubSection id="avtal-3-3" title="3.3 Rehabiliteringsmöten">
            <p>
              Om du deltar i ett rehabiliteringsmöte tillsammans med din chef eller någon annan
              företrädare för arbetsgivaren kan vi dela information som är relevant för din
              rehabilitering och din återgång i arbete, till exempel vilka anpassningar som kan
              behövas.
            </p>
            <p>
              Vi delar endast den information som behövs för mötets syfte, och vi går i förväg
              igenom med dig vilken information det gäller.
            </p>
          </SubSection>
        </Section>

        <footer className="mt-12 border-t border-border pt-6">
          <p>
            Har du frågor om avtalet eller om hur vi behandlar dina uppgifter är du välkommen att
            kontakta oss via meddelandefunktionen i portalen eller på den e-postadress som anges
            längst ned på sidan.
          </p>
        </footer>
      </article>
    </div>
  );
}
