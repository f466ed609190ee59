// The antislop sampler's published list of words over-represented in language-model writing: the whole list,
// unedited and in its published order. Source: sam-paech/antislop-sampler,
// slop_words_2025-04-07.json (commit 6aa2540), Apache License 2.0. Its authors computed it by comparing the
// word frequencies of a large set of model-written stories with those of human writing; nothing here comes
// from our bench. Words that another catalogue pattern owns are counted by that pattern instead (detect.ts).

/** The 2,000 words, lower case. */
export const ANTISLOP_WORDS: ReadonlySet<string> = new Set(
  `
elara nodded shadows gaze whispered stared whisper echoed trembling glow elias faint scent echoing hesitated
pounding leaned flicker curiosity paused flickered kael whispers spine smiled flickering shook amelia shimmering
unsettling etched demon swirling stumbled silas brow ethan faded raced twisted countless shifted warmth surge unease
evelyn fabric horizon glanced blinked testament glowing widened relentless void anticipation swallowed erupted
vibrant realm disbelief revealing dread crimson subtle newfound sighed liam softly towering intricate clara
shattered lila echo hint pulsed furrowed muttered meticulously terrifying curse thorne pale unwavering profound lily
bustling metallic gleaming danced gestured murmured echoes lena laced sensation spark crackled chuckled stark
despair unseen narrowed scanning vanished obsidian froze shifting hissed gently delicate samantha stretched mortal
chilling symphony static shiver shaking rhythm shimmered pulse snapped mara utterly tapestry desperation footsteps
exchanged elena grin tightened pressing fragile essence armor stammered holographic imagined realization clutching
amidst frantic sigh fading ethereal shouted cracked eerie villain trembled dimly sunlight polished hollow hummed
lyra depths piercing beacon palpable voss amusement clung overwhelming chaotic eternity comforting audible
whispering slipped cacophony reflecting amara grim louder frustration blackwood symbols fleeting faintly buzzed
trepidation glimmer remnants sleek stepping blur veins expanse tilted gasped sterile civilization cosmic lingered
deliberate sank uncertainty roar sheer cosmos unspoken heartbeat damp flames glances intensified genie encountered
gripped peculiar precision consumed tremor rhythmic who'd wrist unsure tinged aliens corners unfamiliar otherworldly
descended scanned cautiously drifted thrill nestled rippled eyebrow lira alley insistent crumbling gesture lunged
dipped surged blurred murmur screamed stillness sorrow jagged loomed dripping oblivious anya woven villagers
resonated eager rumble stunned scattered weary clutched softened glinting fury gratitude scales unyielding galactic
glance senses celestial settling breeze maya clinging devoid creeping fierce hushed defiance aria huddled ribs swung
crafted slammed lingering swept sadness haunted interrupted dusty weathered carved anomaly mundane expressions
instinctively shrugged darting resilience grasp knelt materialized tracing blinding melody uncover narrowing
suffocating certainty fluorescent smelled ripple summoned pounded practiced dared glowed sanctuary hallway urgency
adorned subtly cloak reeling defied glimpse sprawling weaving limbs dull spun comprehend roared adrenaline clawed
hovering skeletal brighter veil relic deafening humming collapsed iridescent tasted terrified stirred frowned primal
vortex threads creaked brushing glint curled scrambled mira alaric coursing neon unnatural resonant doorway hurried
unreadable clad pang dissolved crisp poured barked gazed decay unravel oppressive eliza nervously flashed desolate
forged growl hues bewildered radiating pulsing claws rustling xylar strained tucked exclaimed twilight breathed
fueled illuminating leaning unleashed shuddered ache guttural tightly consume eleanor imposing obscured intrigued
cursed observing greeted rang crept traced clenched imperceptible labyrinth stained darted zara battered intently
tightening growled hovered slid slipping crumpled choked guiding perpetually forge grinned widening navigate
parchment vial confront civilizations shimmer mirrored halls glancing boomed temporal dagger illuminated awaited
cheeks brushed wandered robes millennia crackling whirlwind sinister hesitation shrouded akin soothing hammered
drumming tang reassuring pierced moonlight emptiness groaned surroundings abyss makeshift jolt prophecy elijah
chatter sweeping immortality navigated distorted ticked scoffed unfolding solace flared hesitant faltered corridors
unfolded damien immortal miniature fiery haunting impossibly impending silently alistair emerald perched sensing
fractured recoiled grotesque gesturing softening adjusting gasp flooded spat fascination shaky accustomed kaelen
ozone muffled rumbling fists momentarily clicked skepticism vaguely vibrated shelves drifting ornate hush mist
twisting flashing strangely ominous aura startled serene darkened manipulate ragged enveloped enigmatic bathed
calculating typed cloaked shadowy serpent rumbled alara cryptic unpredictable longing malice mortals monstrous
malevolent glitch tattered tangible hardened hunched undeniably summoning blurring slumped tapped demeanor mysteries
resolute aroma murmurs haze dimmed strode awakening atop flowed silhouette surveyed betrayal exhaustion resonance
unnerving aris arcane blinking piqued swirled tangled stale squeezed sickly mischief empathy formidable unassuming
kryll traveler lucifer turmoil brittle spectacle tighter rusted unraveling reclaim kaleidoscope raged knuckles
steeling sparkling radiant eamon resonating darkest disappearing softer dissolving pulsating chipped lifeless
chuckle sentinel punctuated sentient comms afterlife fingertips fragmented bruised undeniable apprehension lair
transcended spilled reaper menacing unfold thud slender streaked agonizing seraphina melodic confines colder
straightened gleamed booming lurched snorted gloom cavern twinkling spectral motes peered muted mischievous hilt
shattering facade flick searing colossal elise jenna inexplicable buzzing tirelessly uneasy defy patel collapsing
bartholomew blared cramped deepened orion unmistakable treacherous hologram scarred oblivion timmy pavement ignited
creaking brink retreated finch ghostly solitude stench hitched tavern sirens cavernous xylos lurking sharper
unimaginable twitched delved meticulous seasoned siren mirroring diner gnawing exhilarating hulking ventured
metropolis shroud absurdity untouched palms eerily twitching realms gripping runes horrors draped veyra mournful
ember cluttered decipher rasped mingling cunning floated wield reverence underworld wary frantically comprehension
emilia rustle gnawed furrowing shivers ticking countered tasked tentative tingling catastrophic hardening artifact
torment abruptly seeped intricately belied chimed igniting coiled blazing mocking tendrils composure looming
panicked filtered mage fluttered summon smirk cascade sparkled mumbled peering acrid ingenuity molten emanating
zephyr hammering bewilderment horrifying gasps staggered crumbled quickened hiss aloud mattered embodiment
extinguished nodding triumphant sickening vance insignificant steeled dormant unleash locket silencing thrum tugged
anomalies containment torrent shard anew captivated predatory profoundly lurked undead aching carvings sharpened
sensed starlight flicked quaint vibrate disoriented skyscrapers scrolled graceful amplified xyloth contorted curling
braced unforgiving futile translucent wielded leapt cobblestones ducked uncanny fraught barren spilling sprinted
embers shatter wildfire unremarkable bled honed interstellar groan eira bioluminescent ached trailed flinched
fumbled hoarse crouched brightly dawned wavered coursed cobblestone shadowed floorboards eldoria aiden shuffled
aback glare dusk elysium grinning elusive disdain gnarled glittering gaunt glinted sorcerer exhilaration gruff
invaders bowed fateful swallowing envisioned insatiable elysia sneered lukewarm underestimated cedric glistening
stubbornly allure daunting sprawled enchanted scribbled labyrinthine alleyway crystalline lashed slicing lavender
silenced empires nagging eons frayed ominously gravelly howled twinge tugging intertwined gazing vibrating spires
watchful townsfolk thrived pristine sliver crackle enigma blooming luminous orchestrated precipice disconcerting
slamming unlocking outstretched unconventional jarring circled insidious pacing whirring thunderous plastered shards
stilled commotion wielding tumbling grunted barrage zorvath weariness wavering humanoid startling scrawled plunged
alight reginald flushed encroaching raspy gasping smirked chime slumber sprang adventurers candlelight penchant
breaths squinted somber semblance thickened navigating theron flinch resembled rasp fluttering reeled onslaught
devastation whirled harbinger nostrils seep effortlessly wasteland calloused intoned tomes gust awakened clinking
awoke camaraderie faintest adrift solemnly croaked anxieties specter slicked flurry clatter poring tilting
incantation uncomfortably soared jameson oakhaven thrumming scrambling intoxicating furiously normalcy swelled grime
viewport muttering crumble wailed hesitantly snarled clawing crunching swirl ferocity creak defiant tremble glared
prickle bygone thrummed vastness purred bracing tempest veridia scythe bubbling sipping satchel rippling hogwarts
shone infernal peeling malakar breathless seeping imbued conduit betraying teeming counterpoint billowing dawning
armchair bloomed burly boundless transfixed chronos nebula wreckage overgrown whiskers contemplation yearning tome
hoard motionless blackness gaping whirred chasm tentatively precariously lifeline thoughtfully mingled beamed
radiated grasped sputtered savoring unison subsided foreboding steadying unbroken littered barista churning inky
stoic yellowed uncharted irrevocably emanate unparalleled decaying horde bellowed valerius verdant simmering falter
nothingness mages jaxon clang sipped hearth paled prickling trudged overwhelm reverberated unblinking arduous gloved
coalesced spire painstakingly monotonous drumbeat grappling fangs coalescing tarnished meager visor plunging kira
contentment glyphs tranquility dizzying exhaled glimpsed mused swayed ravaged drizzle thaddeus fearsome tentacles
marveled interjected throbbed unsettlingly reverie groaning throng fervor grimly necromancer quill lullaby bordered
amulet hazy ignis smoldering clattering grimy squinting clasped blankly dwindling twinkle undercurrent yanked snaked
conjured writhing threadbare craved bravado solidified grizzled disorientation lysandra churned winced chirped
azazel cityscape barnaby mandibles dumbfounded soulmate impassive eryndor thump gleam maelstrom prickled tensed
clouded lumina incantations astonishment hurled lirael cascading isolde wail constellations shudder longed marveling
charred emanated reveled clapped scorched pondered viscous tremors nightshade trinkets spectacles impenetrable
amazement kaelin suspiciously intergalactic blackened splintered spiraled unadulterated nudged warily cradled
beeping grainy tunic astra twinkled antiseptic neared blurted tumbled spiraling discordant valhalla conspiratorial
gazes chirping flicking blazed supervillain swaying mesmerizing voldemort brimming engrossed slung unholy clattered
faltering monotony flutter arin jolted vestiges shrieked monolith reshape darkening coughed dimming azrael zyloth
elian nightstand fantastical eldrin kiran beckoned luminescence intricacies dais whims shrill disheveled kaito
wildflowers writhed hallucination lysander overseer steadier pocketed quickening surging intensifying streetlights
replayed amiss intercom wafted scurried nondescript yearned melancholic unfazed enveloping clashing unleashing
pronouncements flaring clipboard steely withered unfurled heaving lazily untamed coiling eldritch screech opulent
eldridge leaped eluded dulled screeched tableau aric viewscreen silhouetted shuddering onlookers hissing musty snarl
morphed peeked terran agape buckled roamed muggle beckoning malevolence rustled pixelated quivering terrifyingly
reeked finality volkov ashen enormity scavenged unnaturally ajar welling reverberating fraying aldric fumbling
grumbled morphing wiry undeterred abuzz jumble wove multifaceted elven sigil yawned councilor piecing teleportation
murmuring rostova unnervingly writhe retorted shivered winked underbelly pored scribbling crescendo vorlag lanky
welled underbrush cataloging dripped mesmerized downpour disorienting airlock cradling glided stiffened torchlight
blissfully permeated gritted grappled whirling disuse exasperation luminescent tapestries shriek thundered
emblazoned sorceress mismatched abernathy workbench tantalizing arcanus firelight steadied bated dampness hargrove
cultists slithered unshed uuwu unraveled aether unmistakably wincing erebus alleyways cloying humorless hurtling
pried bustled seraphine unearthly jarek smudged asmodeus perked nebulae jingled glimmered slumping tendril
undergrowth elowen glimmering dappled tousled subreddit throngs malachar malus roomba zorax havenwood beeped rasping
perceptible prided bubbled lich windowsill k'tharr teetering selene sidestepped drawled geralt shockwaves billowed
chillingly droned alayna grimoire archmage contorting cartographer cascaded outmatched armrest unfurling whir croak
veridian borin voryn peephole dismissively malkor finnigan fidgeted ryker wariness dragonborn rummaged steepled
eldric chitinous unbidden thrain doorframe crinkling yelped aethelgard windowpane veyl warred woodsmoke eliora
streetlamp frizzle malakai thudded eldergrove liora datapad zha'thik varyn malphas zorgon vorne kaelan elmsworth
xylara meadowgrove lirin chronarium doomguy xylossian aethel tharivol torvin valtor kraelion elderglen zephyrians
xantheans zyn'thra aetheria steepling aeldrin whisperwind aleron luminari xenobiologist seraphiel thalor thalen
aeliana zorp zorath xylothian zephyrion lysara elira grimbold xendari aeloria aelion veridium zephyria gregnok
xeridian eolan aethera gorthok zorvathian xanthean lirien indefinably zarthus zylar uthgar thalion krixon malakor
cawed varek vorath dovahkiin doppelg vespera grognak joren atheria gruuz malazar zhra'gha xylox veyth grimgold vael
veyne zydonian spiderwebbed aethon crescendoed zoraxians kal'ren malric kragoth choz bleez zorvathians xylons glar
elyndor thalos zylara kethra eldrith gorok vexar zz'glorg vrykali veyn vrook slood zephyros zephyrian aethereia
xylia sylvani eldermere wojek elyra xylosian brindlemark xarpti tharos aetherium krael aelwyn eldrion grolak
xylophia kethari sadim whisperwood oelia xenolinguist xylothians y'lgoth eolande xeridians xaren xyra elyndra taehal
zydonians zalrex kaelthar aelric krel kaelor xylossians ironforge rngus xaphan aelara holoscreen eldrath vrynn
ignarion quicksave eldrid sylvans plasteel kessari aethers lyrien zetans k'thari malevolus zephyra edrin xhk'kht
xylosians zylth valoria xavius aetherians missingno throk eremon hammerspace zyn'thari jorin venon aethelburg obar
hyrz thorgar spiderwebbing souffl eldarion xyla aelar tsked thalassian elarion arkea kaelith aetheris zith vexari
groknar xyloxi moonpetal roughspun kryllian xeridia xylon zoraxian alatar xoixe eldermoor blackdeath zorith morian
aeridor stuffles darkstorm eldorian awakeness xarath varkos xanthea grobnar andromedan finnley valoric lyrion
runalongs zylor verenthia kanaq zargoth zorblax zetarians eilif gavric glarnak mosquo hovercar killmurder stonefist
dottr malyster veylari vrax xyron voidborn valthor beezlebub shadownet shelloko vak'yoom zorvax vexis tharagon
fizzwick malgrave elysians kylara chittered xeloth dawnbreaker anvilmancy solarians zylox aethoria veyan elrik
luminians k'thar xexu ky'lar hovercars elandra eldrune xylosan batbat chronoscape nyxara malstrom jonothan zetan
gorvoth vorax maelis xylarans veylani malrec durasteel n'armeth thalassar h'uoomeans kyrennei aimish thalorin
zetarian zargonian arkeia k'rhyn coralia n'tari writeline gigantocorp xarkon zorx stonehand uum'n hypersatan zrhk'tk
sweetroll harmonyville aeric thrak vexal bregfiz eldra aetherion elderwood shadowhand xantus zyrth speedcaster
dadhalla kaelon gromak brokk wyrmling quirking elaria grokk vexor elysius varkari threx kryllan grungle ferrocrete
aetherian vorgath vrykyl thalass emberclaw xyphos azgaroth maera waterskin sunflare k'tar unirnet zorblatt malgareth
xylothi aelith grimwald zalthor insectile neurospark vex'thra grimgor lyrin silverhaven zariel moonwhisper thalara
xylen zargonians elwynn xelari thren zenthari vosian golemancy roric pixelating yipped shadowfang xelthar
battlemaster hinsburg aevum eldrador krelth xylosans zorathians shadowmaster xy'lar darkhaven eogan eliara xyran
starforge zorblattians morgran kovo valtorians kaelos honeypuff thull xorax wowbagger lyraea mordath xylarians
zynara krellian zylonians eldenwood azaroth zyrath valtoria vesh xylophians tev'ren meowmore gromm thalax stormcloud
vorin pizzaplanet vaxxassins xylosi zylthar grimjack padm faelan el'goroth skybreaker xyrillian xylarian stonebeard
pupiled lyrian lyrans vryk chronoscorp hyperlane thragg emotionalkevlar ky'than arcturians xaros kroskiac glargon
shadowlord veylthari xel'thar zor'ka eirlys c'admun batcomputer xal'thor wishmaker pyroclast chroniton xyrix
ironhold xaroth hydrokinesis kaelara gorgoth glarak kaelis zorans elianore eloria elmswood shadowfell meadowlight
cerebra andromedans xal'tor ilara chronomancer kragnir krath vaelen shadowfen kickindor facebookening rexus
`
    .trim()
    .split(/\s+/),
);
