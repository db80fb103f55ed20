// Arrays of managed structs (value types holding references: `ParameterModifier[]`,
// `DictionaryEntry[]`, `CancellationToken[]`): the typed handle `::cilbind::StructArray<S>`,
// whose elements are copied in and out by value (`get`, `set`, `from_items`, `to_vec`), as
// parameters, results, `out` parameters and fields; a closed generic value type's array too
// (`StructArray<KeyValuePair2<NetString, i32>>`).
using System.Collections.Generic;

namespace Features.StructArrays
{
    public struct Tag { public string Name; public int Id; }

    public class Tags
    {
        public Tag[] All;
        public static int Count(Tag[] tags) { return tags.Length; }
        public static Tag[] Make(int n) { return new Tag[n]; }
        public static void Fetch(out Tag[] tags) { tags = null; }
        public static int Pairs(KeyValuePair<string, int>[] pairs) { return pairs.Length; }
    }
}
