import type { LocalizedName } from '@onboarding/domain';

export type EmtakSection = { code: string; name: LocalizedName };

/** The 21 sections (A–U) of EMTAK 2008, which are those of NACE Rev. 2. */
export const EMTAK_SECTIONS: readonly EmtakSection[] = [
  {
    code: 'A',
    name: { et: 'Põllumajandus, metsamajandus ja kalapüük', en: 'Agriculture, forestry and fishing', ru: 'Сельское хозяйство, лесное хозяйство и рыболовство' },
  },
  { code: 'B', name: { et: 'Mäetööstus', en: 'Mining and quarrying', ru: 'Добыча полезных ископаемых' } },
  { code: 'C', name: { et: 'Töötlev tööstus', en: 'Manufacturing', ru: 'Обрабатывающая промышленность' } },
  {
    code: 'D',
    name: {
      et: 'Elektrienergia, gaasi, auru ja konditsioneeritud õhuga varustamine',
      en: 'Electricity, gas, steam and air conditioning supply',
      ru: 'Снабжение электроэнергией, газом, паром и кондиционированным воздухом',
    },
  },
  {
    code: 'E',
    name: {
      et: 'Veevarustus; kanalisatsioon, jäätme- ja saastekäitlus',
      en: 'Water supply; sewerage, waste management and remediation activities',
      ru: 'Водоснабжение; водоотведение, обращение с отходами и ликвидация загрязнений',
    },
  },
  { code: 'F', name: { et: 'Ehitus', en: 'Construction', ru: 'Строительство' } },
  {
    code: 'G',
    name: {
      et: 'Hulgi- ja jaekaubandus; mootorsõidukite ja mootorrataste remont',
      en: 'Wholesale and retail trade; repair of motor vehicles and motorcycles',
      ru: 'Оптовая и розничная торговля; ремонт автотранспортных средств и мотоциклов',
    },
  },
  { code: 'H', name: { et: 'Veondus ja laondus', en: 'Transportation and storage', ru: 'Транспортировка и хранение' } },
  { code: 'I', name: { et: 'Majutus ja toitlustus', en: 'Accommodation and food service activities', ru: 'Услуги по проживанию и питанию' } },
  { code: 'J', name: { et: 'Info ja side', en: 'Information and communication', ru: 'Информация и связь' } },
  { code: 'K', name: { et: 'Finants- ja kindlustustegevus', en: 'Financial and insurance activities', ru: 'Финансовая и страховая деятельность' } },
  { code: 'L', name: { et: 'Kinnisvaraalane tegevus', en: 'Real estate activities', ru: 'Операции с недвижимым имуществом' } },
  {
    code: 'M',
    name: {
      et: 'Kutse-, teadus- ja tehnikaalane tegevus',
      en: 'Professional, scientific and technical activities',
      ru: 'Профессиональная, научная и техническая деятельность',
    },
  },
  {
    code: 'N',
    name: { et: 'Haldus- ja abitegevused', en: 'Administrative and support service activities', ru: 'Административная и вспомогательная деятельность' },
  },
  {
    code: 'O',
    name: {
      et: 'Avalik haldus ja riigikaitse; kohustuslik sotsiaalkindlustus',
      en: 'Public administration and defence; compulsory social security',
      ru: 'Государственное управление и оборона; обязательное социальное обеспечение',
    },
  },
  { code: 'P', name: { et: 'Haridus', en: 'Education', ru: 'Образование' } },
  {
    code: 'Q',
    name: { et: 'Tervishoid ja sotsiaalhoolekanne', en: 'Human health and social work activities', ru: 'Здравоохранение и социальные услуги' },
  },
  { code: 'R', name: { et: 'Kunst, meelelahutus ja vaba aeg', en: 'Arts, entertainment and recreation', ru: 'Искусство, развлечения и отдых' } },
  { code: 'S', name: { et: 'Muud teenindavad tegevused', en: 'Other service activities', ru: 'Предоставление прочих видов услуг' } },
  {
    code: 'T',
    name: {
      et: 'Kodumajapidamiste kui tööandjate tegevus; kodumajapidamiste oma tarbeks mõeldud eristamata kaupade tootmine ja teenuste osutamine',
      en: 'Activities of households as employers; undifferentiated goods- and services-producing activities of households for own use',
      ru: 'Деятельность домашних хозяйств как работодателей; недифференцированная деятельность домашних хозяйств по производству товаров и услуг для собственного потребления',
    },
  },
  {
    code: 'U',
    name: {
      et: 'Eksterritoriaalsete organisatsioonide ja üksuste tegevus',
      en: 'Activities of extraterritorial organisations and bodies',
      ru: 'Деятельность экстерриториальных организаций и органов',
    },
  },
];
