//! Slices written back (`T[]` parameters bound as `&mut [T]`, `fixtures/Buffers.cs`'s generic
//! buffer uploads) and multi-dimensional arrays (`MdSlice`, `MdSliceMut`) on a remote runtime:
//! the array is made on the server, passed, and read back into the slice after the call,
//! pipelined or not; a call that throws leaves the slice as it was; no array outlives its call. One test: a process is the client of one connection at a
//! time.

mod common;

use cilbind::remote::pipelined;
use cilbind::{Error, MdSlice, MdSliceMut};
use managed_tests::buffers::buffers::{BufferTarget, BufferUsageHint, Vertex, GL};
use managed_tests::fnv1a as fnv;

#[test]
fn slices_written_back_cross_to_a_remote_runtime() -> cilbind::Result<()> {
    // A second round leaves nothing more behind on the server than the first: every array made
    // for a call, the failed one's included, was released there.
    common::play_twice("Buffers", managed_tests::buffers::FUNCTIONS, play)
}

fn play() -> cilbind::Result<()> {
    // Uploaded: the server's checksum of what it received is the slice's.
    let mut floats: Vec<f32> = (0..1024).map(|i| (i as f32).sin() * 1e3).collect();
    let bytes: Vec<u8> = floats.iter().flat_map(|f| f.to_le_bytes()).collect();
    GL::buffer_data_buffer_target_isize_t_array_buffer_usage_hint(
        BufferTarget::ARRAY_BUFFER,
        4096,
        &mut floats,
        BufferUsageHint::DYNAMIC_DRAW,
    )?;
    assert_eq!(GL::checksum()?, fnv(&bytes));

    // Written by the callee, read back into the slice: the same bytes as u32s.
    let mut bits = vec![0u32; 1024];
    GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 0, 4096, &mut bits)?;
    assert!(bits.iter().zip(&floats).all(|(b, f)| *b == f.to_bits()));

    // A void call in a pipelined scope is still waited for: its slice is read back at once.
    let mut tail = vec![0u32; 4];
    pipelined(|| GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 4080, 16, &mut tail))?;
    assert_eq!(tail, bits[1020..]);

    // A call that throws on the server: the error, and the slice untouched.
    let mut short = [7u32; 2];
    match GL::get_buffer_sub_data(BufferTarget::ARRAY_BUFFER, 0, 4096, &mut short) {
        Err(Error::ManagedException { type_name, .. }) => {
            assert_eq!(type_name, "System.ArgumentOutOfRangeException")
        }
        other => panic!("reading past the slice: {other:?}"),
    }
    assert_eq!(short, [7, 7]);
    // An empty slice crosses as an empty array.
    GL::buffer_data_buffer_target_isize_t_array_buffer_usage_hint::<f32>(
        BufferTarget::ARRAY_BUFFER,
        0,
        &mut [],
        BufferUsageHint::STATIC_DRAW,
    )?;
    assert_eq!(GL::size()?, 0);

    // Multi-dimensional arrays, row-major: [0, 2] is 3.0 and [1, 0] is 4.0 in 2 rows of 3.
    let pixels = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
    assert_eq!(
        GL::tex_image2_d(3, 2, MdSlice::new(&pixels[..], [2, 3])?)?.as_deref(),
        Some("2x3:3;4")
    );
    let voxels: Vec<i32> = (0..48).map(|i| i * 10).collect();
    assert_eq!(
        GL::tex_image3_d(MdSlice::new(&voxels[..], [4, 3, 4])?)?.as_deref(),
        Some("4x3x4:230")
    );
    // `[In, Out] T[,]`: uploaded byte for byte; `[Out] T[,]` written by C# and read back.
    let mut texels: Vec<u32> = (0..64 * 32u32).map(|i| i.wrapping_mul(2_654_435_761)).collect();
    let texel_bytes: Vec<u8> = texels.iter().flat_map(|t| t.to_le_bytes()).collect();
    GL::buffer_data_buffer_target_isize_t_array2d_buffer_usage_hint(
        BufferTarget::ARRAY_BUFFER,
        texel_bytes.len() as isize,
        MdSliceMut::new(&mut texels, [32, 64])?,
        BufferUsageHint::STATIC_DRAW,
    )?;
    assert_eq!(GL::checksum()?, fnv(&texel_bytes));
    let fill = Vertex {
        x: 1.0,
        y: -2.0,
        z: 3.5,
        u: 0.25,
        v: 0.75,
    };
    let zero = Vertex {
        x: 0.0,
        y: 0.0,
        z: 0.0,
        u: 0.0,
        v: 0.0,
    };
    let mut cells = vec![zero; 12];
    GL::clear(MdSliceMut::new(&mut cells, [4, 3])?, &fill)?;
    assert!(cells.iter().all(|c| *c == fill));
    Ok(())
}
