// Delegates get `from_fn` (a typed Rust closure as a delegate); events their add/remove
// accessors; a delegate whose `Invoke` takes `ref` gets no `from_fn`, with why.
namespace Features.Events
{
    public delegate void Scored(string who, int points);
    public delegate void Adjust(ref int value);
    public class Board
    {
        public event Scored OnScore;
        public void Fire() { if (OnScore != null) OnScore("a", 1); }
    }
}
