//! Generic buffer uploads through generated bindings (`fixtures/Buffers.cs`): generic methods
//! over `T[]`, `T[,]`, `T[,,]`, `ref T` and `out T` with `where T : struct`, bound for a
//! blittable Rust `T` as `&[T]`/`&mut [T]` (`[Out]`), `MdSlice`/`MdSliceMut` and
//! `&mut T`/results. The C# side keeps the uploaded bytes, so each upload is checked byte for
//! byte (a checksum computed on both sides), read back, and checked for the element order
//! .NET indexes multi-dimensional arrays in.

use cilbind::{Error, MdSlice, MdSliceMut};
use managed_tests::buffers::buffers::{BufferTarget, BufferUsageHint, Vertex, GL};
use managed_tests::fnv1a as fnv;

/// The fixture keeps one buffer (`GL`'s static store), so the tests run one at a time: another
/// test's upload between this one's upload and read-back would change what it reads.
static GL_BUFFER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Starts the runtime with the fixture and holds the buffer for the test.
fn setup() -> std::sync::MutexGuard<'static, ()> {
    let held = GL_BUFFER.lock().unwrap_or_else(|p| p.into_inner());
    managed_tests::start_with(managed_tests::buffers::init);
    held
}

/// The bytes of a slice of plain values (floats and integers: no padding).
fn bytes_of<T: Copy>(values: &[T]) -> Vec<u8> {
    let len = std::mem::size_of_val(values);
    // SAFETY: the test's element types (f32, i32, u16, Vertex of five f32) have no padding,
    // so every byte of the slice is initialized.
    unsafe { std::slice::from_raw_parts(values.as_ptr().cast::<u8>(), len) }.to_vec()
}

const ZERO: Vertex = Vertex {
    x: 0.0,
    y: 0.0,
    z: 0.0,
    u: 0.0,
    v: 0.0,
};

fn vertices(n: usize) -> Vec<Vertex> {
    (0..n)
        .map(|i| {
            let f = i as f32;
            Vertex {
                x: f,
                y: -f * 0.5,
                z: f * f,
                u: f / 7.0,
                v: 1.0 - f / 3.0,
            }
        })
        .collect()
}

fn upload_size<T>(values: &[T]) -> isize {
    std::mem::size_of_val(values) as isize
}

#[test]
fn a_vec_of_vertices_uploads_byte_for_byte() {
    let _buffer = setup();
    let mut verts = vertices(1000);
    let size = upload_size(&verts);
    GL::buffer_data_buffer_target_isize_t_array_buffer_usage_hint(
        BufferTarget::ARRAY_BUFFER,
        size,
        &mut verts,
        BufferUsageHint::STATIC_DRAW,
    )
    .unwrap();
    assert_eq!(GL::size().unwrap() as usize, 1000 * 20);
    assert_eq!(GL::checksum().unwrap(), fnv(&bytes_of(&verts)));
    assert_eq!(GL::last_target().unwrap(), BufferTarget::ARRAY_BUFFER);
    assert_eq!(GL::last_usage().unwrap(), BufferUsageHint::STATIC_DRAW);

    // Read back through `[Out] T[]`: written into the Rust slice.
    let mut back = vec![ZERO; 1000];
    GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 0, upload_size(&back), &mut back).unwrap();
    assert_eq!(back, verts);
    // A part, from an offset: only the bytes C# wrote change.
    let mut part = vec![ZERO; 4];
    GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 20 * 10, 2 * 20, &mut part).unwrap();
    assert_eq!(&part[..2], &verts[10..12]);
    assert_eq!(&part[2..], &[ZERO; 2]);
}

#[test]
fn a_vec_of_floats_uploads_and_reads_back_as_another_element_type() {
    let _buffer = setup();
    let mut floats: Vec<f32> = (0..4096).map(|i| (i as f32).sin() * 1e3).collect();
    let size = upload_size(&floats);
    GL::buffer_data_buffer_target_isize_t_array_buffer_usage_hint(
        BufferTarget::ELEMENT_ARRAY_BUFFER,
        size,
        &mut floats,
        BufferUsageHint::DYNAMIC_DRAW,
    )
    .unwrap();
    assert_eq!(GL::checksum().unwrap(), fnv(&bytes_of(&floats)));
    // The same bytes as u32s: each method instantiation is its own (T = UInt32 here).
    let mut bits = vec![0u32; 4096];
    GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 0, 4096 * 4, &mut bits).unwrap();
    assert!(bits.iter().zip(&floats).all(|(b, f)| *b == f.to_bits()));
    // An empty upload is an empty array, not an error.
    GL::buffer_data_buffer_target_isize_t_array_buffer_usage_hint::<f32>(
        BufferTarget::ARRAY_BUFFER,
        0,
        &mut [],
        BufferUsageHint::STATIC_DRAW,
    )
    .unwrap();
    assert_eq!(GL::size().unwrap(), 0);
}

#[test]
fn a_size_past_the_data_is_the_callee_s_exception() {
    let _buffer = setup();
    let mut floats = [1.0f32, 2.0];
    match GL::buffer_data_buffer_target_isize_t_array_buffer_usage_hint(
        BufferTarget::ARRAY_BUFFER,
        9,
        &mut floats,
        BufferUsageHint::STATIC_DRAW,
    ) {
        Err(Error::ManagedException { type_name, .. }) => {
            assert_eq!(type_name, "System.ArgumentOutOfRangeException")
        }
        other => panic!("expected ArgumentOutOfRangeException, got {other:?}"),
    }
}

#[test]
fn an_in_array_keeps_the_rust_values() {
    let _buffer = setup();
    let values = [5i32, 6, 7];
    // `[In] T[]`: C# zeroes its array, the shared slice is lent by copy and stays as it was.
    assert_eq!(GL::scribble(&values).unwrap(), 3);
    assert_eq!(values, [5, 6, 7]);
}

#[test]
fn what_csharp_writes_into_an_array_without_attributes_lands_in_the_slice() {
    let _buffer = setup();
    // `ReadArray<T>(T[] array, int offset, int count)`, as mscorlib's accessors declare it:
    // C# may write into any array, so the slice is `&mut` and copied back.
    let mut values = [1u64, 2, 3, 4, 5, 6];
    assert_eq!(GL::read_array(&mut values, 2, 3).unwrap(), 3);
    assert_eq!(values, [1, 2, 2, 2, 2, 6]);
    let mut verts = vertices(4);
    let expected = [verts[0], verts[0], verts[0], verts[3]];
    GL::read_array(&mut verts, 1, 2).unwrap();
    assert_eq!(verts, expected);
    // An exception leaves the slice as it was (nothing is copied back).
    let mut short = [9i32, 8];
    assert!(matches!(
        GL::read_array(&mut short, 1, 5),
        Err(Error::ManagedException { .. })
    ));
    assert_eq!(short, [9, 8]);
}

#[test]
fn ref_t_passes_the_rust_value_and_sees_the_callee_s_writes() {
    let _buffer = setup();
    // `[In, Out] ref T`: the value goes in (it was an `out` slot, zeroed, before).
    let mut v = Vertex {
        x: 1.5,
        y: 2.5,
        z: -3.0,
        u: 0.25,
        v: 0.75,
    };
    let before = v;
    GL::buffer_data_buffer_target_isize_ref_t_buffer_usage_hint(
        BufferTarget::ARRAY_BUFFER,
        20,
        &mut v,
        BufferUsageHint::STATIC_DRAW,
    )
    .unwrap();
    assert_eq!(GL::checksum().unwrap(), fnv(&bytes_of(std::slice::from_ref(&before))));
    assert_eq!(v, before);
    // `out T`: the result.
    assert_eq!(GL::read_back::<Vertex>().unwrap(), before);
    assert_eq!(GL::read_back::<f32>().unwrap(), 1.5);
    // `ref T` written by the callee, straight into the Rust values.
    let (mut a, mut b) = (vertices(3)[1], vertices(3)[2]);
    let (a0, b0) = (a, b);
    GL::swap(&mut a, &mut b).unwrap();
    assert_eq!((a, b), (b0, a0));
    let (mut x, mut y) = (1u16, 2u16);
    GL::swap(&mut x, &mut y).unwrap();
    assert_eq!((x, y), (2, 1));
}

#[test]
fn two_dimensional_arrays_are_row_major_slices_with_their_lengths() {
    let _buffer = setup();
    // 2 rows of 3: [0, 2] is 3.0 and [1, 0] is 4.0 in row-major order.
    let pixels = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
    let grid = MdSlice::new(&pixels[..], [2, 3]).unwrap();
    assert_eq!(grid.lengths(), [2, 3]);
    assert_eq!(GL::tex_image2_d(3, 2, grid).unwrap().as_deref(), Some("2x3:3;4"));
    // The same bytes seen as 3 rows of 2.
    let grid = MdSlice::new(&pixels[..], [3, 2]).unwrap();
    assert_eq!(GL::tex_image2_d(2, 3, grid).unwrap().as_deref(), Some("3x2:2;5"));

    // `[In, Out] T[,]`: uploaded byte for byte, and copied back.
    let mut texels: Vec<u32> = (0..64 * 32u32).map(|i| i.wrapping_mul(2_654_435_761)).collect();
    let expected = fnv(&bytes_of(&texels));
    let size = upload_size(&texels);
    GL::buffer_data_buffer_target_isize_t_array2d_buffer_usage_hint(
        BufferTarget::ARRAY_BUFFER,
        size,
        MdSliceMut::new(&mut texels, [32, 64]).unwrap(),
        BufferUsageHint::STATIC_DRAW,
    )
    .unwrap();
    assert_eq!(GL::checksum().unwrap(), expected);

    // `[Out] T[,]` written by C#: every element lands in the Rust slice.
    let mut cells = vec![ZERO; 12];
    let fill = vertices(5)[4];
    GL::clear(MdSliceMut::new(&mut cells, [4, 3]).unwrap(), &fill).unwrap();
    assert!(cells.iter().all(|c| *c == fill));
}

#[test]
fn three_dimensional_arrays_index_as_dotnet_does() {
    let _buffer = setup();
    // 2 x 3 x 4: [1, 2, 3] is the last element, 23.
    let voxels: Vec<i32> = (0..24).collect();
    let grid = MdSlice::new(&voxels[..], [2, 3, 4]).unwrap();
    assert_eq!(GL::tex_image3_d(grid).unwrap().as_deref(), Some("2x3x4:23"));
    // 4 x 3 x 4 (48 elements): [1, 2, 3] is 1*12 + 2*4 + 3 = 23 again, and the rest is there.
    let voxels: Vec<i32> = (0..48).map(|i| i * 10).collect();
    let grid = MdSlice::new(&voxels[..], [4, 3, 4]).unwrap();
    assert_eq!(GL::tex_image3_d(grid).unwrap().as_deref(), Some("4x3x4:230"));
}

#[test]
fn lengths_that_do_not_fit_the_slice_are_errors() {
    let _buffer = setup();
    let pixels = [0.0f32; 6];
    for lengths in [[2, 2], [4, 2], [0, 6], [6, 0], [usize::MAX, 2]] {
        match MdSlice::new(&pixels[..], lengths) {
            Err(Error::InvalidArgument(message)) => assert!(message.contains("lengths"), "{message}"),
            Err(other) => panic!("{lengths:?}: expected InvalidArgument, got {other:?}"),
            Ok(_) => panic!("{lengths:?} accepted for 6 elements"),
        }
    }
    let mut cells = [0i32; 5];
    assert!(matches!(
        MdSliceMut::new(&mut cells[..], [2, 3]),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(MdSlice::new(&pixels[..], [6]), Err(Error::InvalidArgument(_))));
    // Empty dimensions of an empty slice are an array with no elements.
    let empty: [f32; 0] = [];
    assert!(MdSlice::new(&empty[..], [0, 3]).is_ok());
}

#[test]
fn unconstrained_type_parameters_keep_the_array_handle() {
    let _buffer = setup();
    // `Count<T>(T[])` has no `struct` constraint: `T` may be a class, so it takes the handle.
    let array = cilbind::Array::<i32>::from_slice(&[1, 2, 3]).unwrap();
    assert_eq!(GL::count::<i32>(Some(&array)).unwrap(), 3);
}

/// The upload benchmark: 1 MB of vertices through the binding (a new managed array, one copy
/// into it, the call) against C# doing the same for itself, and the binding's `ref T` form,
/// which copies nothing. Release build: `cargo test --release -p managed-tests --test buffers
/// -- --ignored --nocapture`.
#[test]
#[ignore]
fn upload_benchmark() {
    let _buffer = setup();
    let n = (1 << 20) / std::mem::size_of::<Vertex>();
    let verts = vertices(n);
    let reps = 200;
    let rust = || {
        let start = std::time::Instant::now();
        for _ in 0..reps {
            assert_eq!(GL::touch(&verts).unwrap() as usize, n);
        }
        start.elapsed().as_nanos() as f64 / f64::from(reps)
    };
    let mut mut_verts = verts.clone();
    let mut rust_out = || {
        let start = std::time::Instant::now();
        for _ in 0..reps {
            GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 0, 0, &mut mut_verts).unwrap();
        }
        start.elapsed().as_nanos() as f64 / f64::from(reps)
    };
    let csharp = GL::copy_loop(Some(&verts), reps).unwrap();
    let direct = GL::direct_loop(Some(&verts), reps).unwrap();
    let memcpy = {
        let mut target = vec![ZERO; n];
        let start = std::time::Instant::now();
        for _ in 0..reps {
            target.copy_from_slice(std::hint::black_box(&verts));
            std::hint::black_box(&mut target);
        }
        start.elapsed().as_nanos() as f64 / f64::from(reps)
    };
    let (binding, out) = (rust(), rust_out());
    println!(
        "1 MB of Vertex ({n} elements), per upload: binding `[In] T[]` as &[T] {:.0} µs, binding `T[]` as &mut [T] (copied in and back) {:.0} µs; \
         C# passing its own array {:.2} µs, C# new array + Array.Copy {:.0} µs; a Rust memcpy of 1 MB {:.0} µs",
        binding / 1e3,
        out / 1e3,
        direct / 1e3,
        csharp / 1e3,
        memcpy / 1e3
    );
}
