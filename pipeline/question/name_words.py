"""The words company names are made of that name no company alone: words saying what a business is (a name's
descriptive tail, in the languages reports are written in), the words joining a name's words, and ordinary first words
("Global" is not Global Express). Read by the registry's short forms of a name."""
from __future__ import annotations

# Words saying what a business is, in the languages reports are written in (a name's descriptive tail)
BUSINESS_WORDS = set("""foods food alimentos alimentaria aliments lebensmittel holdings holding group grupo groupe gruppe
industries industrias industrie industria industrial mining mineracao minerals resources energy energia energie airways
airlines aviation logistics shipping plantations materials pharmaceuticals pharma technologies technology systems services
solutions enterprises partners properties realty gold silver copper steel cement cements chemicals textiles motors
precision instruments engineering construction brewing breweries beverages bebidas retail stores insurance bancorp
participacoes participações investimentos investments infrastructure utilities telecom communications media midstream
health healthcare equipment machinery tools products brands apparel outfitters footwear furniture kitchens appliances
electric electrical electronics semiconductors software analytics payments networks cable cables wires metals plastics
packaging paper printing publishing veterinary education schools learning jewellers jewelers jewellery
dairy agribusiness agro fertilisers fertilizers seeds timber forest forestry farms fisheries seafood bakeries bakers
distillers distilleries wines vintners restaurants hotels hospitality leisure gaming resorts entertainment homes housing
building builders developments development transport transportation railway railways freight marine tankers carriers
staffing consulting laboratories labs diagnostics therapeutics biosciences biotech medical dental hospitals clinics care
pharmacy drugs supermarkets grocers trading textile mills garments knitwear paints coatings tyres tires automotive auto
components distribution distributors supply supplies water power gas oil petroleum refining renewables solar
and of the de do da""".split())

# Words joining a name's words ("Bank of Canada", "Grupo de Alimentos", "Huis van Oranje")
CONNECTORS = ("of", "de", "do", "da", "del", "di", "von", "van", "and", "&")

# First words of company names that are ordinary words, never a name on their own ("Global" is not Global Express).
GENERIC_FIRST_WORDS = set("""american america united general international national first best new global royal
standard public central pacific atlantic capital home digital advanced applied northern southern eastern western
great north south east west world universal continental consolidated industrial financial energy health""".split())
